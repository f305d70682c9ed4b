"""Generates the bundled demo site (resources/demo/, shipped as deboiler_gui/resources/demo/): a small gardening site with
the usual boilerplate (header navigation, breadcrumbs, sidebar, prev/next bar with page titles,
a footer with a per-page counter and date, a cookie notice) and a Chinese section.

Run from the repository root: python tests/data/make_demo_site.py
"""

from __future__ import annotations

import hashlib
import html
import json
import shutil
from pathlib import Path

OUT = Path(__file__).resolve().parents[2] / "resources" / "demo"
SITE = "Hillside Garden Notes"
BASE = "https://hillside-garden.example/"  # DEMO_BASE_URL

# (slug, title, lead, facts, steps)
GUIDES = [
    (
        "tomatoes",
        "Growing Tomatoes",
        "Tomatoes want heat, steady water and a long season.",
        [
            "Sow indoors six to eight weeks before the last frost.",
            "Plant deeply: roots form along the buried stem.",
            "Water at the base in the morning to keep leaves dry.",
        ],
        [
            "Harden seedlings off for a week",
            "Set stakes before planting",
            "Pinch side shoots on cordon varieties",
            "Feed with potash once the first truss sets",
        ],
    ),
    (
        "peppers",
        "Growing Peppers",
        "Sweet and hot peppers need even more warmth than tomatoes.",
        [
            "Germination is slow below 21 °C.",
            "A black mulch warms the soil by two or three degrees.",
            "Fruit turns from green to red over about three weeks.",
        ],
        [
            "Start seeds on a heat mat",
            "Pot on when the first true leaves open",
            "Plant out after nights stay above 12 °C",
            "Support heavy plants with a cane",
        ],
    ),
    (
        "squash",
        "Growing Squash",
        "Summer squash and winter squash share one rule: give them room.",
        [
            "One courgette plant feeds a family.",
            "Winter squash cures for ten days in the sun after harvest.",
            "Hand-pollinate early flowers if bees are scarce.",
        ],
        [
            "Prepare a mound of compost",
            "Sow two seeds per station",
            "Thin to the stronger seedling",
            "Lift fruit off wet soil with a tile",
        ],
    ),
    (
        "beans",
        "Growing Beans",
        "Runner, French and broad beans fix their own nitrogen.",
        [
            "Broad beans can be sown in late autumn.",
            "Runner beans climb anticlockwise.",
            "Pick often: old pods stop the plant flowering.",
        ],
        [
            "Build a wigwam of canes",
            "Soak seeds overnight",
            "Sow five centimetres deep",
            "Water well once flowers appear",
        ],
    ),
    (
        "lettuce",
        "Growing Lettuce",
        "Lettuce is quick, forgiving and best sown little and often.",
        [
            "Seed will not germinate above 25 °C.",
            "Loose-leaf types can be cut again and again.",
            "Bolting follows heat and dry soil.",
        ],
        [
            "Sow a short row every two weeks",
            "Shade summer sowings",
            "Thin to twenty centimetres",
            "Harvest in the cool of the morning",
        ],
    ),
    (
        "carrots",
        "Growing Carrots",
        "Carrots reward a fine, stone-free seedbed.",
        [
            "Fresh manure makes roots fork.",
            "Carrot fly hunts by scent and flies low.",
            "Early varieties are ready in ten weeks.",
        ],
        [
            "Rake the bed to a fine tilth",
            "Sow thinly in shallow drills",
            "Cover with fleece against carrot fly",
            "Thin on a still evening",
        ],
    ),
    (
        "potatoes",
        "Growing Potatoes",
        "Potatoes break new ground and fill a store for winter.",
        [
            "Chit seed potatoes in a light, frost-free place.",
            "Earthing up keeps tubers from turning green.",
            "Blight spreads in warm, humid weather.",
        ],
        [
            "Chit for six weeks",
            "Plant first earlies in early spring",
            "Earth up as shoots appear",
            "Lift maincrops on a dry day",
        ],
    ),
    (
        "onions",
        "Growing Onions",
        "Onions from sets are the easiest crop on the plot.",
        [
            "Birds pull up newly planted sets.",
            "Stop watering once the bulbs swell.",
            "Dry the harvest for two weeks before storing.",
        ],
        [
            "Plant sets with the tips just showing",
            "Weed by hand: roots are shallow",
            "Bend over the tops in late summer",
            "Store in nets somewhere airy",
        ],
    ),
    (
        "herbs",
        "Growing Kitchen Herbs",
        "A few pots of herbs by the door get used more than a whole bed far away.",
        [
            "Basil hates cold nights.",
            "Mint spreads: keep it in a pot.",
            "Woody herbs like thyme want poor, sharp soil.",
        ],
        [
            "Choose a sunny spot near the kitchen",
            "Mix grit into the compost",
            "Cut often to keep plants bushy",
            "Bring tender herbs in before frost",
        ],
    ),
    (
        "compost",
        "Making Compost",
        "A good heap turns kitchen and garden waste into the best soil improver there is.",
        [
            "Balance green and brown material.",
            "Turning the heap adds air and speeds it up.",
            "Finished compost smells of woodland.",
        ],
        [
            "Site the bin on bare soil",
            "Add layers of greens and browns",
            "Keep the heap as damp as a wrung sponge",
            "Turn every month",
        ],
    ),
    (
        "watering",
        "Watering Wisely",
        "Deep, infrequent watering grows deeper roots than a daily sprinkle.",
        [
            "Most water is lost to evaporation at midday.",
            "A mulch halves the water a bed needs.",
            "Seedlings need water daily; established plants do not.",
        ],
        [
            "Water in the early morning",
            "Soak the root zone, not the leaves",
            "Mulch after rain",
            "Collect rain from the shed roof",
        ],
    ),
    (
        "pests",
        "Dealing with Pests",
        "Most pests are kept in check by the birds and insects that eat them.",
        [
            "Slugs feed at night after rain.",
            "Ladybird larvae eat hundreds of aphids.",
            "Netting stops pigeons and butterflies.",
        ],
        [
            "Go out with a torch on damp nights",
            "Grow flowers that feed hoverflies",
            "Net brassicas after planting",
            "Rotate crops every year",
        ],
    ),
]

SEASONS = [
    (
        "spring",
        "Spring Jobs",
        "Spring is for sowing: the soil warms and the days lengthen.",
        ["Sow hardy crops outdoors", "Pot on seedlings", "Weed before weeds seed"],
    ),
    (
        "summer",
        "Summer Jobs",
        "Summer is for watering, picking and keeping on top of growth.",
        ["Water in the morning", "Pick beans and courgettes daily", "Sow autumn salads"],
    ),
    (
        "autumn",
        "Autumn Jobs",
        "Autumn is for harvest, storage and putting beds to rest.",
        ["Lift and store squash", "Plant garlic", "Spread compost on empty beds"],
    ),
    (
        "winter",
        "Winter Jobs",
        "Winter is for planning, mending and ordering seed.",
        ["Clean and sharpen tools", "Order seed catalogues", "Prune fruit trees when dormant"],
    ),
]

ZH = [
    (
        "tea",
        "种茶入门",
        "茶树喜欢酸性土壤、充足的雨水和半阴的环境。",
        [
            "茶树适合生长在酸碱度四点五到五点五的土壤中。",
            "春茶在清明前后采摘，滋味最为鲜爽。",
            "修剪可以促使茶树萌发更多新芽。",
        ],
        [
            "选择排水良好的坡地",
            "用松针覆盖保持土壤湿润",
            "每年早春施一次有机肥",
            "采摘一芽一叶或一芽二叶",
        ],
    ),
    (
        "bamboo",
        "竹子的栽培",
        "竹子生长迅速，是庭院遮阴和做篱笆的好材料。",
        [
            "竹笋从出土到长成只需两个月左右。",
            "散生竹的地下茎会向四周蔓延。",
            "冬季要防止积雪压断竹竿。",
        ],
        ["在雨季移栽竹苗", "挖沟埋设隔根板", "保持土壤湿润但不积水", "每隔几年疏伐老竹"],
    ),
    (
        "chives",
        "韭菜种植",
        "韭菜一次种植可以连续收割多年。",
        [
            "韭菜耐寒，冬天地上部分枯萎，春天重新发芽。",
            "每次收割后要追施稀薄的肥水。",
            "夏季高温时韭菜品质下降。",
        ],
        ["春季播种或分株", "苗高十厘米时间苗", "收割时留茬两三厘米", "秋季培土护根"],
    ),
    (
        "cabbage",
        "大白菜种植",
        "大白菜是北方冬季最重要的储藏蔬菜。",
        [
            "立秋前后是播种大白菜的适宜时间。",
            "包心期需要大量的水分和氮肥。",
            "霜降后收获的白菜更甜。",
        ],
        ["深翻土地施足基肥", "条播后及时间苗定苗", "包心前束叶防冻", "晴天收获后晾晒几天再储藏"],
    ),
    (
        "lotus",
        "荷花与莲藕",
        "荷花既可以观赏，地下的莲藕又是美味的蔬菜。",
        [
            "荷花需要充足的阳光，每天至少六小时。",
            "种藕要选择有完整顶芽的藕段。",
            "水深以二十到四十厘米为宜。",
        ],
        ["在缸底铺放塘泥", "清明前后栽植种藕", "随着叶片长大逐渐加深水位", "秋后放干水挖藕"],
    ),
    (
        "compost-zh",
        "家庭堆肥",
        "厨余和落叶经过堆沤可以变成松软肥沃的腐殖土。",
        [
            "绿色材料与褐色材料的比例大约为一比二。",
            "堆肥过湿会发臭，过干则分解缓慢。",
            "成熟的堆肥颜色深褐，有泥土的清香。",
        ],
        ["准备一个通气的堆肥箱", "交替铺放厨余和干叶", "每两周翻堆一次", "三到六个月后筛出成品"],
    ),
    (
        "seasons-zh",
        "二十四节气与农事",
        "二十四节气是古人安排农事的时间表。",
        [
            "立春意味着一年农事的开始。",
            "谷雨时节雨水增多，适合播种移栽。",
            "小满时麦类籽粒开始饱满。",
        ],
        ["惊蛰前后整地", "清明前后种瓜点豆", "芒种时节抢收抢种", "秋分前后播种冬小麦"],
    ),
    (
        "balcony",
        "阳台种菜",
        "小小的阳台也可以种出一家人吃的新鲜蔬菜。",
        [
            "南向阳台光照最充足，适合种番茄和辣椒。",
            "花盆底部一定要有排水孔。",
            "营养土比园土更轻，也更少病虫害。",
        ],
        [
            "选择深度二十厘米以上的花盆",
            "用营养土加少量缓释肥",
            "叶菜可以密植多次采收",
            "夏天中午给阳台遮阴",
        ],
    ),
]

NAV_EN = [
    ("index.html", "Home"),
    ("guides/index.html", "Guides"),
    ("seasons/index.html", "Seasons"),
    ("zh/index.html", "中文"),
    ("about.html", "About"),
]
NAV_ZH = [
    ("index.html", "首页"),
    ("guides/index.html", "种植指南"),
    ("seasons/index.html", "四季农事"),
    ("zh/index.html", "中文专栏"),
    ("about.html", "关于我们"),
]


def _n(key: str, mod: int) -> int:
    return int(hashlib.sha1(key.encode()).hexdigest()[:8], 16) % mod


def _rel(from_path: str, to: str) -> str:
    depth = from_path.count("/")
    return "../" * depth + to


def _page(
    path: str,
    title: str,
    body: str,
    *,
    crumbs: list[tuple[str, str]],
    prev: tuple[str, str] | None,
    nxt: tuple[str, str] | None,
    zh: bool = False,
    lead: str = "",
    steps: list[str] | None = None,
    kind: str = "article",
) -> str:
    """One page. Its structured data says what the page shows, nothing more: OpenGraph on
    every page (title, URL, lead as description), a JSON-LD HowTo with the steps on a guide,
    Article microdata on a season's page (``kind="microdata"``), a JSON-LD WebSite on the home
    page (``kind="home"``)."""
    e = html.escape
    nav = NAV_ZH if zh else NAV_EN
    lang = "zh-CN" if zh else "en"
    nav_html = "".join(
        f'<li><a href="{_rel(path, href)}">{e(label)}</a></li>' for href, label in nav
    )
    crumb_html = (" <span>›</span> ").join(
        f'<a href="{_rel(path, href)}">{e(label)}</a>' for href, label in crumbs
    )
    here = "当前位置：" if zh else "You are here: "
    popular = GUIDES[:4] if not zh else ZH[:4]
    side_title = "热门文章" if zh else "Popular guides"
    side = "".join(
        f'<li><a href="{_rel(path, ("zh/" if zh else "guides/") + slug + ".html")}">{e(t)}</a></li>'
        for slug, t, *_ in popular
    )
    news = (
        ("订阅每月通讯，获取当季种植提示。", "订阅")
        if zh
        else ("Get our monthly letter with the jobs for the season.", "Subscribe")
    )
    pn = []
    if prev:
        pn.append(f'<a class="prev" href="{_rel(path, prev[0])}">← {e(prev[1])}</a>')
    if nxt:
        pn.append(f'<a class="next" href="{_rel(path, nxt[0])}">{e(nxt[1])} →</a>')
    views = 120 + _n(path, 9000)
    day = 1 + _n(path + "d", 28)
    month = 1 + _n(path + "m", 12)
    updated = f"2024-{month:02d}-{day:02d}"
    footer = (
        f"© 2024 {SITE} · 本页浏览 {views} 次 · 更新于 {updated}"
        if zh
        else f"© 2024 {SITE} · This page has been viewed {views} times · Updated {updated}"
    )
    og = [
        ("og:site_name", SITE),
        ("og:type", "article" if kind in ("article", "microdata") else "website"),
        ("og:title", title),
        ("og:url", BASE + path),
    ]
    if lead:
        og.append(("og:description", lead))
    if zh:
        og.append(("og:locale", "zh_CN"))
    meta = "".join(f'<meta property="{k}" content="{e(v)}">\n' for k, v in og)
    ld: dict[str, object] | None = None
    if steps:
        ld = {
            "@context": "https://schema.org",
            "@type": "HowTo",
            "name": title,
            "inLanguage": lang,
            "url": BASE + path,
        }
        if lead:
            ld["description"] = lead
        ld["step"] = [
            {"@type": "HowToStep", "position": i, "text": step} for i, step in enumerate(steps, 1)
        ]
        ld["dateModified"] = updated
    elif kind == "home":
        ld = {
            "@context": "https://schema.org",
            "@type": "WebSite",
            "name": SITE,
            "url": BASE,
            "inLanguage": ["en", "zh-CN"],
        }
    if ld is not None:
        meta += (
            '<script type="application/ld+json">'
            + json.dumps(ld, ensure_ascii=False).replace("</", "<\\/")
            + "</script>\n"
        )
    article, heading = "<article>", "<h1>"
    if kind == "microdata":
        article = '<article itemscope itemtype="https://schema.org/Article">'
        heading = '<h1 itemprop="headline">'
        body = body.replace('<p class="lead">', '<p class="lead" itemprop="description">', 1)
    cookie = (
        "本站使用 Cookie 统计访问量。<button>知道了</button>"
        if zh
        else "We use cookies to count visits. <button>OK</button>"
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{e(title)} – {SITE}</title>
{meta}<link rel="stylesheet" href="{_rel(path, "style.css")}">
</head>
<body>
<div class="cookie-notice">{cookie}</div>
<header class="site-header">
<a class="logo" href="{_rel(path, "index.html")}">{SITE}</a>
<nav class="main-nav"><ul>{nav_html}</ul></nav>
<form class="search" action="/search"><input name="q" placeholder="Search"><button>Go</button></form>
</header>
<div class="breadcrumbs">{here}{crumb_html}</div>
<div class="layout">
<main class="content">
{article}
{heading}{e(title)}</h1>
{body}
</article>
<div class="pager">{" ".join(pn)}</div>
</main>
<aside class="sidebar">
<h3>{e(side_title)}</h3>
<ul>{side}</ul>
<div class="newsletter"><p>{e(news[0])}</p><form><input name="email"><button>{e(news[1])}</button></form></div>
</aside>
</div>
<footer class="site-footer">
<p>{e(footer)}</p>
<p><a href="{_rel(path, "about.html")}">{"关于我们" if zh else "About"}</a> · <a href="{_rel(path, "about.html#contact")}">{"联系" if zh else "Contact"}</a></p>
</footer>
</body>
</html>
"""


def _article(lead: str, facts: list[str], steps: list[str], *, zh: bool = False) -> str:
    e = html.escape
    facts_html = "".join(f"<p>{e(f)}</p>" for f in facts)
    steps_html = "".join(f"<li>{e(s)}</li>" for s in steps)
    h_steps = "步骤" if zh else "Step by step"
    h_notes = "要点" if zh else "Good to know"
    return (
        f'<p class="lead">{e(lead)}</p>\n<h2>{h_notes}</h2>\n{facts_html}\n'
        f"<h2>{h_steps}</h2>\n<ol>{steps_html}</ol>"
    )


def _series(
    prefix: str,
    items: list[tuple],
    section: tuple[str, str],
    home: tuple[str, str],
    zh: bool = False,
    howto: bool = True,
) -> dict[str, str]:
    pages = {}
    for i, item in enumerate(items):
        slug, title = item[0], item[1]
        path = f"{prefix}/{slug}.html"
        prev = (f"{prefix}/{items[i - 1][0]}.html", items[i - 1][1]) if i > 0 else None
        nxt = (f"{prefix}/{items[i + 1][0]}.html", items[i + 1][1]) if i + 1 < len(items) else None
        steps = item[4] if len(item) == 5 else item[3]
        body = _article(item[2], item[3] if len(item) == 5 else [], steps, zh=zh)
        pages[path] = _page(
            path,
            title,
            body,
            crumbs=[home, section, (path, title)],
            prev=prev,
            nxt=nxt,
            zh=zh,
            lead=item[2],
            steps=steps if howto else None,
            kind="article" if howto else "microdata",
        )
    index = f"{prefix}/index.html"
    listing = "".join(
        f'<li><a href="{item[0]}.html">{html.escape(item[1])}</a> – {html.escape(item[2])}</li>'
        for item in items
    )
    pages[index] = _page(
        index,
        section[1],
        f'<ul class="listing">{listing}</ul>',
        crumbs=[home, section],
        prev=None,
        nxt=None,
        zh=zh,
        kind="website",
    )
    return pages


def build() -> dict[str, str]:
    home = ("index.html", "Home")
    pages: dict[str, str] = {}
    pages.update(_series("guides", GUIDES, ("guides/index.html", "Guides"), home))
    pages.update(_series("seasons", SEASONS, ("seasons/index.html", "Seasons"), home, howto=False))
    pages.update(_series("zh", ZH, ("zh/index.html", "中文专栏"), ("index.html", "首页"), zh=True))
    intro = (
        '<p class="lead">Practical notes from a hillside allotment: what to sow, when, and what went wrong.</p>'
        "<h2>Start here</h2><ul>"
        + "".join(
            f'<li><a href="guides/{s}.html">{html.escape(t)}</a></li>' for s, t, *_ in GUIDES[:6]
        )
        + "</ul><p>New this month: notes on watering in a dry spring and a Chinese section on tea and bamboo.</p>"
    )
    pages["index.html"] = _page(
        "index.html",
        SITE,
        intro,
        crumbs=[home],
        prev=None,
        nxt=None,
        lead="Practical notes from a hillside allotment: what to sow, when, and what went wrong.",
        kind="home",
    )
    about = (
        "<p>We are two gardeners on a steep, windy plot above the river. These notes began as a "
        'paper diary in 2009.</p><h2 id="contact">Contact</h2><p>Write to us at the allotment '
        "office, or leave a note in the shed.</p>"
    )
    pages["about.html"] = _page(
        "about.html",
        "About",
        about,
        crumbs=[home, ("about.html", "About")],
        prev=None,
        nxt=None,
        kind="website",
    )
    return pages


def main() -> None:
    if OUT.exists():
        shutil.rmtree(OUT)
    for rel, text in build().items():
        target = OUT / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    (OUT / "style.css").write_text(
        "body{font-family:sans-serif;margin:0}.layout{display:flex}.content{flex:3;padding:1em}"
        ".sidebar{flex:1;padding:1em;background:#f4f1e8}.site-header,.site-footer{background:#35522b;"
        "color:#fff;padding:.5em 1em}.site-header a,.site-footer a{color:#fff}.main-nav ul{display:flex;"
        "gap:1em;list-style:none;padding:0}.breadcrumbs{padding:.3em 1em;font-size:90%}"
        ".pager{display:flex;justify-content:space-between}.cookie-notice{background:#ffd;padding:.3em}\n",
        encoding="utf-8",
    )
    total = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"{len(list(OUT.rglob('*.html')))} pages, {total} bytes in {OUT}")


if __name__ == "__main__":
    main()
