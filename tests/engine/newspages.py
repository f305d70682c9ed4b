"""Stories of made-up news pages for the cleaner's tests: each page's own words (its number
spelled in letters, since digits are folded when pages are compared) in paragraphs of a topic."""

from __future__ import annotations

TOPICS = ["harbour", "council", "budget", "stadium", "library", "railway", "museum", "bridge"]


def word(i: int) -> str:
    # a page's own word (digits are folded when pages are compared)
    return "".join(chr(ord("k") + int(d)) for d in str(i))


def story(i: int, n: int) -> str:
    t = TOPICS[i % len(TOPICS)]
    return "".join(
        f"<p>Paragraph {k} of story {i} says what the {t} committee of {word(i)} decided about the "
        f"{TOPICS[(i + k) % len(TOPICS)]} and why it took the members so long.</p>"
        for k in range(n)
    )
