"""GitHub Actions expressions (`${{ ... }}`) for run-workflow-locally.py: literals, context paths
(`inputs.shards`, `steps.emokit.outputs.out`, `needs.plan.outputs.shards`), `!`, `==`, `!=`, `<`,
`<=`, `>`, `>=`, `&&`, `||`, parentheses and the functions the workflows use (`fromJSON`,
`toJSON`, `startsWith`, `endsWith`, `contains`, `format`, `success`, `always`). An expression
outside this subset is an error, never a guess: the local run must not pass where GitHub fails.
"""
import json
import re

TOKEN = re.compile(r"\s*(?:(?P<string>'(?:[^']|'')*')|(?P<number>-?\d+(?:\.\d+)?)|(?P<op>==|!=|<=|>=|&&|\|\||[!<>(),\[\]])|(?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_*][A-Za-z0-9_-]*)*))")


class ExpressionError(Exception):
    pass


def to_string(value):
    """What a value looks like substituted into text (GitHub's coercion)."""
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, (dict, list)):
        return json.dumps(value)
    return str(value)


def truthy(value):
    return value not in (None, False, 0, "") and not (isinstance(value, float) and value == 0)


def loose(value):
    """Operands of == and friends: GitHub compares strings case-insensitively and numbers as numbers."""
    if isinstance(value, str):
        try:
            return float(value) if value.strip() else 0.0
        except ValueError:
            return value.lower()
    if value is None:
        return 0.0
    if isinstance(value, (bool, int, float)):
        return float(value)
    return value


def tokenize(text):
    tokens, position = [], 0
    text = text.strip()
    while position < len(text):
        match = TOKEN.match(text, position)
        if not match or match.end() == position:
            raise ExpressionError(f"cannot read the expression at: {text[position:]!r}")
        position = match.end()
        kind = match.lastgroup
        tokens.append((kind, match.group(kind)))
    return tokens


class Parser:
    def __init__(self, text, lookup):
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.lookup = lookup

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, op=None):
        kind, value = self.peek()
        if op is not None and value != op:
            raise ExpressionError(f"expected {op!r} in {self.text!r}")
        self.index += 1
        return kind, value

    def parse(self):
        value = self.or_()
        if self.index != len(self.tokens):
            raise ExpressionError(f"unexpected {self.peek()[1]!r} in {self.text!r}")
        return value

    def or_(self):
        value = self.and_()
        while self.peek()[1] == "||":
            self.take()
            right = self.and_()
            value = value if truthy(value) else right
        return value

    def and_(self):
        value = self.compare()
        while self.peek()[1] == "&&":
            self.take()
            right = self.compare()
            value = right if truthy(value) else value
        return value

    def compare(self):
        value = self.unary()
        while self.peek()[1] in ("==", "!=", "<", "<=", ">", ">="):
            _, op = self.take()
            left, right = loose(value), loose(self.unary())
            if type(left) is not type(right):
                value = op == "!="
                continue
            value = {"==": left == right, "!=": left != right, "<": left < right, "<=": left <= right, ">": left > right, ">=": left >= right}[op]
        return value

    def unary(self):
        if self.peek()[1] == "!":
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if kind == "string":
            return value[1:-1].replace("''", "'")
        if kind == "number":
            return float(value) if "." in value else int(value)
        if value == "(":
            inner = self.or_()
            self.take(")")
            return inner
        if kind == "name":
            if value in ("true", "false"):
                return value == "true"
            if value == "null":
                return None
            if self.peek()[1] == "(":
                self.take("(")
                arguments = []
                while self.peek()[1] != ")":
                    arguments.append(self.or_())
                    if self.peek()[1] == ",":
                        self.take(",")
                self.take(")")
                return call(value, arguments)
            return self.lookup(value)
        raise ExpressionError(f"unexpected {value!r} in {self.text!r}")


def call(name, arguments):
    lowered = name.lower()
    if lowered == "fromjson":
        return json.loads(to_string(arguments[0]))
    if lowered == "tojson":
        return json.dumps(arguments[0], indent=2)
    if lowered == "startswith":
        return to_string(arguments[0]).lower().startswith(to_string(arguments[1]).lower())
    if lowered == "endswith":
        return to_string(arguments[0]).lower().endswith(to_string(arguments[1]).lower())
    if lowered == "contains":
        haystack = arguments[0]
        if isinstance(haystack, list):
            return any(loose(item) == loose(arguments[1]) for item in haystack)
        return to_string(arguments[1]).lower() in to_string(haystack).lower()
    if lowered == "format":
        return re.sub(r"\{(\d+)\}", lambda m: to_string(arguments[1 + int(m.group(1))]), to_string(arguments[0]))
    if lowered in ("success", "always"):
        return True
    raise ExpressionError(f"no local stand-in for the function {name}()")


def evaluate(text, lookup):
    """The value of one expression (the text between `${{` and `}}`)."""
    return Parser(text, lookup).parse()


def substitute(text, lookup):
    """`text` with every `${{ ... }}` replaced by its value; a whole-text expression keeps its type
    (a matrix's `fromJSON(...)`, a boolean input)."""
    if not isinstance(text, str):
        return text
    whole = re.fullmatch(r"\s*\$\{\{((?:(?!\}\}).)*)\}\}\s*", text, re.S)
    if whole:
        return evaluate(whole.group(1), lookup)
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: to_string(evaluate(m.group(1), lookup)), text, flags=re.S)


def condition(text, lookup):
    """An `if:` (with or without `${{ }}`)."""
    if text is None:
        return True
    if isinstance(text, bool):
        return text
    source = str(text).strip()
    whole = re.fullmatch(r"\$\{\{((?:(?!\}\}).)*)\}\}", source, re.S)
    return truthy(evaluate(whole.group(1) if whole else source, lookup))


def self_test():
    """GitHub's documented behaviour for the forms the workflows use (`.ci/test` runs this)."""
    contexts = {
        "github.ref": "refs/heads/main",
        "github.event_name": "push",
        "inputs.pages": False,
        "inputs.shards": 4,
        "env.EMOKIT_REF": "",
        "github.action_ref": "v0.1.0",
        "needs.plan.outputs.shards": "[1,2,3,4]",
        "steps.key.outputs.release": "",
        "steps.tag.outputs.release": "v0.2.0",
    }

    def lookup(name):
        if name not in contexts:
            raise ExpressionError(f"unknown {name}")
        return contexts[name]

    cases = [
        ("${{ github.ref == 'refs/heads/main' && github.event_name == 'push' }}", True),
        ("${{ github.ref == 'refs/heads/MAIN' }}", True),  # strings compare case-insensitively
        ("${{ github.ref == 'refs/pull/7/merge' && github.event_name == 'push' }}", False),
        ("${{ env.EMOKIT_REF || github.action_ref }}", "v0.1.0"),
        ("${{ fromJSON(needs.plan.outputs.shards) }}", [1, 2, 3, 4]),
        ("${{ !inputs.pages }}", True),
        ("shard ${{ inputs.shards }}/${{ inputs.shards }} of ${{ github.ref }}", "shard 4/4 of refs/heads/main"),
        ("${{ inputs.shards == '4' }}", True),  # a number equals its string
        ("${{ format('{0}-{1}', 'a', inputs.shards) }}", "a-4"),
        ("no expression", "no expression"),
        # The binary cache's condition (action.yml): off a tag, not in pull_request_target runs.
        ("${{ steps.key.outputs.release == '' && github.event_name != 'pull_request_target' }}", True),
        ("${{ steps.tag.outputs.release == '' }}", False),
    ]
    for text, expected in cases:
        value = substitute(text, lookup)
        assert value == expected, f"{text}: {value!r}, expected {expected!r}"
    assert condition("inputs.pages", lookup) is False
    assert condition("github.ref == 'refs/heads/main'", lookup) is True
    for bad in ("${{ github.ref = 'x' }}", "${{ hashFiles('x') }}", "${{ secrets.TOKEN }}"):
        try:
            substitute(bad, lookup)
        except ExpressionError:
            continue
        raise AssertionError(f"{bad} should be refused")
    print(f"workflow_expressions: OK: {len(cases) + 5} cases")


if __name__ == "__main__":
    self_test()
