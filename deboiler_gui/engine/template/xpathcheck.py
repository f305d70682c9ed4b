"""Static checks of XPath text that lxml compiles but can never evaluate here: unknown
functions, namespace prefixes and variables, found before the first page is read."""

from __future__ import annotations

import re

#: The XPath 1.0 core function library (what libxml2 evaluates without extensions).
CORE_FUNCTIONS = frozenset(
    [
        "last", "position", "count", "id", "local-name", "namespace-uri", "name",
        "string", "concat", "starts-with", "contains", "substring-before", "substring-after",
        "substring", "string-length", "normalize-space", "translate",
        "boolean", "not", "true", "false", "lang",
        "number", "sum", "floor", "ceiling", "round",
    ]
)  # fmt: skip
#: Node tests that look like function calls.
NODE_TYPES = frozenset(["node", "text", "comment", "processing-instruction"])
#: Operator names, which may be followed by a parenthesis: ``1 div (2)``.
OPERATORS = frozenset(["and", "or", "div", "mod"])

_TOKEN = re.compile(
    r"""
    (?P<string>"[^"]*"|'[^']*')
  | (?P<number>\d+(?:\.\d*)?|\.\d+)
  | (?P<var>\$\s*[^\W\d][\w.-]*(?::[^\W\d][\w.-]*)?)
  | (?P<qname>[^\W\d][\w.-]*(?::(?!:)(?:[^\W\d][\w.-]*|\*))?)
  | (?P<other>::|//|\.\.|!=|<=|>=|.)
    """,
    re.VERBOSE | re.DOTALL,
)


def xpath_problem(xpath: str) -> str | None:
    """Why an XPath that compiles can still never work on a page here, or None.

    Every function call must be a core XPath 1.0 function (``document()``, XPath 2's ``doc()``,
    ``matches()``, XSLT's ``current()`` are not); no namespace prefix is bound (``re:test()``,
    ``svg:rect``) and no variable is set. The checks read the expression's tokens, string
    literals skipped, so text inside quotes is never mistaken for a call."""
    tokens = [(m.lastgroup, m.group()) for m in _TOKEN.finditer(xpath) if not m.group().isspace()]
    for i, (kind, text) in enumerate(tokens):
        nxt = tokens[i + 1][1] if i + 1 < len(tokens) else ""
        if kind == "var":
            return f"variable {text} is never set"
        if kind != "qname":
            continue
        if nxt == "::":
            continue  # an axis name
        if ":" in text:
            what = "function" if nxt == "(" else "name"
            return f"namespace prefix {text.split(':', 1)[0]!r} of {what} {text!r} is not bound (no namespaces are declared)"
        if nxt != "(":
            continue
        if text in NODE_TYPES or (text in OPERATORS and _after_operand(tokens, i)):
            continue
        if text not in CORE_FUNCTIONS:
            return f"function {text}() is not an XPath 1.0 function and cannot be evaluated"
    return None


def _after_operand(tokens: list[tuple[str | None, str]], i: int) -> bool:
    """True when the token before ``i`` ends an operand, so the name at ``i`` is an operator."""
    if i == 0:
        return False
    kind, text = tokens[i - 1]
    if kind in ("string", "number", "var"):
        return True
    if kind == "qname":
        return tokens[i - 1][1] not in OPERATORS
    return text in (")", "]", ".", "..", "*")
