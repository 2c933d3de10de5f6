"""Every code block of the guides (docs/publishers.md, docs/modding.md) is run by a test.

Each fenced block is preceded by a tag, an HTML comment saying how it is proven:

``<!-- run -->``
    Python, executed; the ``run`` blocks of a page run in order as one program. A comment line
    ``# text`` at the start of a line is the output the block prints, line for line.
``<!-- run: pytest -->``
    A Python test file: written into a copy of ``docs/examples/tiny-mod`` and run by a bare
    ``pytest`` there (with Tiny installed as a system).
``<!-- sh: FOLDER -->``
    Command lines, run in a copy of ``FOLDER`` (``.``: an empty folder). When some lines start
    with ``$ ``, those are the commands and the other lines are (part of) what they print.
``<!-- example: PATH -->`` / ``<!-- excerpt: PATH -->``
    The block is the whole file ``PATH`` / appears in it word for word (and that file is tested).
``<!-- tree: FOLDER -->``
    A file tree: every file it names exists in ``FOLDER``.
``<!-- output: NAME -->``
    What a command printed: ``test_output_NAME`` makes it happen again and compares.
"""
from __future__ import annotations

import contextlib
import io
import re
import shlex
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = ("publishers.md", "modding.md")
MOD = DOCS / "examples" / "tiny-mod"
TAG = re.compile(r"<!-- (\w+)(?::\s*(.*?))? -->\n```(\w*)\n(.*?)```", re.S)
KINDS = {"run", "sh", "example", "excerpt", "tree", "output"}


def blocks(page: str, kind: str | None = None) -> list[tuple[str, str, str]]:
    """The tagged blocks of a page: (kind, argument, text)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    found = [(k, (arg or "").strip(), body) for k, arg, _lang, body in TAG.findall(text)]
    return [b for b in found if kind is None or b[0] == kind]


def _ids(items: list[tuple[str, str, str]]) -> list[str]:
    return [f"{k}:{a or '-'}:{i}" for i, (k, a, _) in enumerate(items)]


@pytest.mark.parametrize("page", PAGES)
def test_every_code_block_of_the_guides_says_how_it_is_tested(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    fences = len(re.findall(r"^```\w*\n.*?^```$", text, re.S | re.M))
    tagged = blocks(page)
    assert fences == len(tagged), f"docs/{page}: {fences - len(tagged)} code block(s) without a tag"
    assert {k for k, _, _ in tagged} <= KINDS


# -- files: examples, excerpts, trees --------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES)
def test_examples_are_the_files_and_excerpts_are_in_them(page):
    for kind, arg, body in blocks(page):
        if kind == "example":
            assert (ROOT / arg).read_text(encoding="utf-8") == body, f"docs/{page} shows an old {arg}"
        elif kind == "excerpt":
            assert body in (ROOT / arg).read_text(encoding="utf-8"), f"docs/{page}: an excerpt is not in {arg}:\n{body}"


@pytest.mark.parametrize("page", PAGES)
def test_file_trees_name_files_that_exist(page):
    for _, folder, body in blocks(page, "tree"):
        stack: list[tuple[int, str]] = []
        for line in body.splitlines()[1:]:   # the first line is the folder itself
            name = line.split("#")[0].rstrip()
            if not name.strip():
                continue
            depth = len(name) - len(name.lstrip())
            while stack and stack[-1][0] >= depth:
                stack.pop()
            rel = "/".join([p for _, p in stack] + [name.strip().rstrip("/")])
            assert (ROOT / folder / rel).exists(), f"docs/{page}: the tree names {rel}, not in {folder}"
            if name.strip().endswith("/"):
                stack.append((depth, name.strip().rstrip("/")))


# -- Python ---------------------------------------------------------------------------------------

def _expected_output(body: str) -> list[str]:
    return [line[2:] for line in body.splitlines() if line.startswith("# ")]


@pytest.mark.parametrize("page", [p for p in PAGES if any(not a for _, a, _ in blocks(p, "run"))])
def test_python_blocks_run_and_print_what_they_show(page, tmp_path, monkeypatch):
    runs = [b for b in blocks(page, "run") if not b[1]]
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"docs_{page.removesuffix('.md')}"}
    for i, (_, _, body) in enumerate(runs):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(body, f"docs/{page} (Python block {i + 1})", "exec"), namespace)
        assert out.getvalue().splitlines() == _expected_output(body), f"docs/{page} Python block {i + 1}:\n{body}"


@pytest.mark.parametrize("page", [p for p in PAGES if any(a == "pytest" for _, a, _ in blocks(p, "run"))])
def test_python_test_blocks_pass_under_a_bare_pytest(page, tmp_path, bare_pytest):
    tests = [b for b in blocks(page, "run") if b[1] == "pytest"]
    folder = tmp_path / "my-cards"
    shutil.copytree(MOD, folder)
    for i, (_, _, body) in enumerate(tests):
        (folder / f"test_doc_block_{i + 1}.py").write_text(body, encoding="utf-8")
    done = bare_pytest(folder, "-q", "-p", "no:randomly", *[f"test_doc_block_{i + 1}.py" for i in range(len(tests))])
    assert done.returncode == 0, done.stdout + done.stderr
    functions = sum(len(re.findall(r"^def test_", body, re.M)) for _, _, body in tests)
    assert functions and f"{functions} passed" in done.stdout


# -- command lines ---------------------------------------------------------------------------------------

def _norm(text: str) -> str:
    return " ".join(text.split())


def _run_line(line: str, folder: Path, rulestack_cli, bare_pytest):
    args = shlex.split(line, comments=True)
    if not args:
        return None
    if args[0] == "pip":
        for arg in args[2:]:
            if "/" in arg:     # a path in rulestack's checkout
                assert (ROOT / arg).exists(), f"`{line}` names {arg}, which is not in the checkout"
        return None
    if args[0] == "pytest":
        return bare_pytest(folder, *args[1:])
    assert args[0] == "rulestack", f"the tests do not know how to run `{line}`"
    args = args[1:]
    if "--games" in args:      # a simulation as the docs show it, but short
        i = args.index("--games") + 1
        args[i] = str(min(int(args[i]), 6))
    if "--human" in args:
        done = rulestack_cli(*args, input="quit\n", cwd=folder)
        assert "you left the game" in done.stdout + done.stderr, done.stdout + done.stderr
        return None
    return rulestack_cli(*args, cwd=folder)


def _sh_blocks() -> list[tuple[str, str, str]]:
    return [(page, arg, body) for page in PAGES for _, arg, body in blocks(page, "sh")]


@pytest.mark.parametrize("page, folder, body", _sh_blocks(), ids=[f"{p}:{i}" for i, (p, _, _) in
                                                                  enumerate(_sh_blocks())])
def test_command_lines_run(page, folder, body, tmp_path, rulestack_cli, bare_pytest):
    work = tmp_path / "work"
    if folder == ".":
        work.mkdir()
    else:
        shutil.copytree(ROOT / folder, work)
    lines = body.splitlines()
    transcript = any(line.startswith("$ ") for line in lines)
    done = None
    for line in lines:
        if transcript and not line.startswith("$ "):
            if line.strip() and done is not None:
                assert _norm(line) in _norm(done.stdout + done.stderr), \
                    f"docs/{page}: `{line}` is not in what the command printed:\n{done.stdout}{done.stderr}"
            continue
        done = _run_line(line.removeprefix("$ "), work, rulestack_cli, bare_pytest) or done
        if done is not None:
            assert done.returncode == 0, f"docs/{page}: `{line}` failed:\n{done.stdout}{done.stderr}"


# -- shown output ------------------------------------------------------------------------------------------

def _output(page: str, name: str) -> str:
    [body] = [b for _, a, b in blocks(page, "output") if a == name]
    return body


def _mod_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "my-cards"
    shutil.copytree(MOD, folder)
    return folder


def test_output_check_mistakes(tmp_path, rulestack_cli):
    shown = _output("modding.md", "check-mistakes").splitlines()
    folder = _mod_copy(tmp_path)
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text().replace("cost: 2, power: 1", "cots: 2, power: 1"))
    script = folder / "ember_imp.lua"
    script.write_text(script.read_text().replace('trigger = { on = "played", self = true },', 'trigger = "played",'))
    done = rulestack_cli("check", "cards.yaml", "ember_imp.lua", "--system", "tiny", cwd=folder)
    printed = (done.stdout + done.stderr).splitlines()
    for line in shown:    # each problem as shown (a later "did you mean" may follow the reason)
        head = line.split(" (known")[0]
        assert any(p.startswith(head) for p in printed), f"`{line}` is not what check prints:\n" + "\n".join(printed)


def test_output_scenario_failure(tmp_path, bare_pytest):
    shown = _output("modding.md", "scenario-failure")
    folder = _mod_copy(tmp_path)
    script = folder / "ember_imp.lua"
    script.write_text(script.read_text().replace('ctx:damage("opponent", 1)', 'ctx:damage("opponent", 2)'))
    done = bare_pytest(folder)
    assert done.returncode == 1
    printed = _norm(done.stdout)
    for line in shown.splitlines():
        if line.startswith("  #"):              # an event line: its kind and cause
            line = " ".join(line.split()[:3])
        assert _norm(line) in printed, f"`{line}` is not in the failure report:\n{done.stdout}"


def test_output_terminal(tmp_path, rulestack_cli):
    shown = _output("modding.md", "terminal")
    folder = _mod_copy(tmp_path)
    done = rulestack_cli("play", "tiny", "--cards", ".", "--deck", "decks/imps.yaml", "--deck", "beta", "--human", "0",
                         "--seed", "1", input="5\nquit\n", cwd=folder)
    printed = done.stdout.replace("> ", "\n")
    lines = [line for line in shown.splitlines() if line not in (">", "> 5")]
    board = lines[lines.index(next(x for x in lines if x.startswith("=== turn"))):]   # the host's narration aside
    for line in board:
        assert line in printed.splitlines(), f"`{line}` is not what the terminal shows:\n{done.stdout}"


def test_output_replay_changed(tmp_path, rulestack_cli):
    shown = _output("modding.md", "replay-changed").splitlines()
    folder = _mod_copy(tmp_path)
    recorded = rulestack_cli("play", "tiny", "--cards", ".", "--deck", "decks/imps.yaml", "--deck", "beta", "--seed", "1",
                             "--quiet", "--replay", "imp-game.json", cwd=folder)
    assert recorded.returncode == 0, recorded.stderr
    script = folder / "ember_imp.lua"
    script.write_text(script.read_text().replace('ctx:damage("opponent", 1)', 'ctx:damage("opponent", 2)'))
    done = rulestack_cli("replay", "imp-game.json", cwd=folder)
    printed = [re.sub(r"\d+", "N", line) for line in (done.stdout + done.stderr).splitlines()]
    for line in shown[1:4]:     # the command is on the first line; then the summary, what changed, where
        want = re.sub(r"\d+", "N", line).split("  (")[0]
        assert any(want in p for p in printed), f"`{line}` is not what replay prints:\n{done.stdout}{done.stderr}"


def test_every_output_block_has_its_test():
    names = {a for page in PAGES for _, a, _ in blocks(page, "output")}
    here = {n.removeprefix("test_output_").replace("_", "-") for n in globals() if n.startswith("test_output_")}
    assert names == here
