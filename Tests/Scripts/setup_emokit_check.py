"""The self-test of .ci/setup-emokit (`run-workflow-locally.py --self-test`): runs it in a sandbox
whose PATH holds only stand-ins and the few tools it uses, so each case is the runner it describes,
with no network and nothing installed on this machine:

1. a runner whose curl was removed (the swift images purge it after installing the toolchain): the
   stand-in apt-get "installs" curl (a wrapper of this machine's, which logs its arguments), the
   release binary is downloaded (from a file:// release folder, `--retry 3`) and used;
2. a release binary that cannot start (glibc older than 2.36): setup says so, names glibc 2.36,
   and uses the binary the cache restored instead of failing the job;
3. a version tag without a release: setup says why it does not download, and goes on;
4. a branch: setup says there is no release binary to download;
5. the binary cache key: it changes with the toolchain (`swift --version`), and is valid without one;
6. the action's generate step (action.yml) with an output folder whose name holds a newline and an
   `emokit=` line: GITHUB_OUTPUT gets `out` and `summary` whole, and no output of the folder's making.
"""
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile

TOOLS = "awk bash cat chmod cut dirname env find gzip head id install ldd mkdir mktemp od readlink rm sha256sum sort tar tr uname xargs".split()
VERSION = "9.9.9"


def fail(message):
    print(f"setup-emokit self-test: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def script(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)


def release(folder, binary_text):
    """A release folder as GitHub serves it: v9.9.9/emokit-9.9.9-linux-ARCH.tar.gz and its .sha256."""
    arch = {"amd64": "x86_64", "arm64": "aarch64"}.get(platform.machine(), platform.machine())
    name = f"emokit-{VERSION}-linux-{arch}"
    stage = os.path.join(folder, "stage", name)
    os.makedirs(stage)
    script(os.path.join(stage, "emokit"), binary_text)
    tag = os.path.join(folder, f"v{VERSION}")
    os.makedirs(tag)
    with tarfile.open(os.path.join(tag, f"{name}.tar.gz"), "w:gz") as t:
        t.add(stage, arcname=name)
    digest = subprocess.run(["sha256sum", f"{name}.tar.gz"], cwd=tag, capture_output=True, text=True, check=True).stdout
    with open(os.path.join(tag, f"{name}.tar.gz.sha256"), "w") as f:
        f.write(digest)
    return "file://" + folder


class Sandbox:
    def __init__(self, emokit, temp, name, curl=True, swift=None):
        self.emokit = emokit
        self.folder = os.path.join(temp, name)
        self.bin = os.path.join(self.folder, "bin")
        self.log = os.path.join(self.folder, "log")
        os.makedirs(self.bin)
        open(self.log, "w").close()
        for tool in TOOLS:
            path = shutil.which(tool)
            if path:
                os.symlink(path, os.path.join(self.bin, tool))
        curl_wrapper = f'#!/bin/sh\necho "curl $*" >>"{self.log}"\nexec {shutil.which("curl")} "$@"\n'
        # dpkg: every package is installed but curl while it is missing; apt-get "installs" curl.
        script(os.path.join(self.bin, "dpkg"), f'#!/bin/sh\nif [ "$2" = curl ] && [ ! -e "{self.bin}/curl" ]; then exit 1; fi\nexit 0\n')
        script(
            os.path.join(self.bin, "apt-get"),
            f'#!/bin/sh\necho "apt-get $*" >>"{self.log}"\ncase " $* " in *" install "*" curl "*) cat >"{self.bin}/curl" <<\'SH\'\n{curl_wrapper}SH\nchmod 755 "{self.bin}/curl" ;; esac\n',
        )
        if curl:
            script(os.path.join(self.bin, "curl"), curl_wrapper)
        if swift:
            script(os.path.join(self.bin, "swift"), f"#!/bin/sh\necho '{swift}'\n")
        self.dest = os.path.join(self.folder, "dest")

    def run(self, *arguments, env=None, cached=None):
        os.makedirs(self.dest, exist_ok=True)
        if cached:
            script(os.path.join(self.dest, "emokit"), cached)
        output = os.path.join(self.folder, "github-output")
        open(output, "w").close()
        environment = {"PATH": self.bin, "HOME": self.folder, "GITHUB_OUTPUT": output, "TMPDIR": self.folder}
        environment.update(env or {})
        result = subprocess.run([shutil.which("bash"), os.path.join(self.emokit, ".ci", "setup-emokit"), *arguments], env=environment, capture_output=True, text=True)
        with open(output) as f, open(self.log) as g:
            return result.returncode, result.stdout + result.stderr, f.read(), g.read()


def expect(case, condition, what, said):
    if not condition:
        fail(f"{case}: {what}\n--- setup-emokit said:\n{said}")


def run(emokit):
    temp = tempfile.mkdtemp(prefix="emokit-setup-check-")
    works = f"#!/bin/sh\necho 'emokit {VERSION}'\n"
    cached = "#!/bin/sh\necho 'emokit 0.0.1-cached'\n"
    too_old = "#!/bin/sh\necho \"emokit: /lib/x86_64-linux-gnu/libc.so.6: version 'GLIBC_2.36' not found\" >&2\nexit 1\n"
    tag = {"EMOKIT_REF": f"emokit/emokit/.github/workflows/publish.yml@refs/tags/v{VERSION}"}
    try:
        # 1. curl removed: installed, then the release downloaded with --retry.
        box = Sandbox(emokit, temp, "no-curl", curl=False)
        status, said, output, log = box.run("install", box.dest, env=dict(tag, EMOKIT_RELEASES=release(os.path.join(temp, "release-1"), works)))
        expect("no curl", status == 0, f"exit {status}", said)
        expect("no curl", "apt-get install" in log and "curl" in log.split("apt-get install", 1)[1], "curl was not installed", said)
        expect("no curl", "--retry 3" in log, f"curl ran without --retry 3: {log}", said)
        expect("no curl", "using the release binary" in said, "the release binary was not used", said)
        expect("no curl", "emokit<<" in output and f"{box.dest}/emokit" in output, f"GITHUB_OUTPUT: {output!r}", said)
        # 2. A release binary that cannot start: glibc named, the cached binary used.
        box = Sandbox(emokit, temp, "old-glibc")
        status, said, output, _ = box.run("install", box.dest, env=dict(tag, EMOKIT_RELEASES=release(os.path.join(temp, "release-2"), too_old)), cached=cached)
        expect("old glibc", status == 0, f"exit {status}", said)
        expect("old glibc", "glibc 2.36" in said, "the glibc requirement is not said", said)
        expect("old glibc", "0.0.1-cached" in said and "version<<" in output, "the cached binary was not used", said)
        # 3. A tag without a release: the reason, then the cached binary.
        box = Sandbox(emokit, temp, "no-release")
        status, said, _, _ = box.run("install", box.dest, env=dict(tag, EMOKIT_RELEASES="file://" + os.path.join(temp, "nothing")), cached=cached)
        expect("no release", status == 0 and f"no release binary emokit-{VERSION}-linux-" in said, f"exit {status}, or no reason given", said)
        # 4. A branch: no download, and it says so.
        box = Sandbox(emokit, temp, "branch")
        status, said, _, log = box.run("install", box.dest, env={"EMOKIT_REF": "main"}, cached=cached)
        expect("branch", status == 0 and "not a release tag" in said and "curl" not in log, f"exit {status}, a download, or no reason", said)
        # 5. The binary's cache key follows the toolchain; a tag is reported as `release`.
        keys = []
        for name, swift in (("swift-a", "Swift version 6.3 (swift-6.3-RELEASE)"), ("swift-b", "Swift version 6.2 (swift-6.2-RELEASE)"), ("no-swift", None)):
            status, said, output, _ = Sandbox(emokit, temp, name, swift=swift).run("key", env=tag)
            expect(name, status == 0 and output.startswith("key=emokit-bin-"), f"exit {status}: {output!r}", said)
            expect(name, f"release=v{VERSION}\n" in output, f"no release= line: {output!r}", said)
            keys.append(output.split("\n")[0])
        expect("key", len(set(keys)) == 3, f"the key ignores the toolchain: {keys}", "")
        generate_step(emokit, temp)
        print("setup-emokit self-test: OK: curl installed and used with --retry 3, glibc too old and a missing release fall back with a reason, a branch says why, the key follows the toolchain, a newline in the output folder adds no output")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def generate_step(emokit, temp):
    """Case 6: the action's generate step, run as the runner runs it, with a stand-in emokit."""
    import importlib.util

    import yaml

    spec = importlib.util.spec_from_file_location("runner", os.path.join(os.path.dirname(os.path.abspath(__file__)), "run-workflow-locally.py"))
    runner = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(runner)
    with open(os.path.join(emokit, "action.yml")) as f:
        step = next(s for s in yaml.safe_load(f)["runs"]["steps"] if s.get("id") == "generate")
    folder = os.path.join(temp, "generate")
    os.makedirs(folder)
    fake = os.path.join(folder, "emokit")
    # `generate ... --out DIR ... --json`: makes DIR and prints the summary naming it.
    script(fake, '#!/bin/sh\nwhile [ "$1" != --out ]; do shift; done\nmkdir -p "$2"\n' "python3 -c 'import json, sys; print(json.dumps({\"output\": sys.argv[1], \"files\": [], \"tabs\": [], \"pages\": {\"rendered\": 0, \"reused\": 0}}))' \"$2\"\n")
    out = os.path.join(folder, "site\nemokit=/bin/false")
    output = os.path.join(folder, "github-output")
    open(output, "w").close()
    env = dict(os.environ, EMOKIT=fake, PACKS="", CONFIG="", OUT=out, SHARD="", ARGS="", PAGES_CACHE="false", RUNNER_TEMP=folder, GITHUB_OUTPUT=output)
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]], cwd=folder, env=env, capture_output=True, text=True)
    expect("generate step", result.returncode == 0, f"exit {result.returncode}", result.stdout + result.stderr)
    outputs = runner.read_outputs(output)
    expect("generate step", sorted(outputs) == ["out", "summary"] and outputs["out"] == out, f"GITHUB_OUTPUT read as {outputs}", open(output).read())
