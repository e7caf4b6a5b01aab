#!/usr/bin/env python3
"""Runs .github/workflows/emoticons.yml on this machine, step by step and in order, the way
GitHub Actions would: the shard job once per matrix value, then merge, then deploy. `run:` steps
are executed with bash (-eo pipefail) from the repository root with the workflow's, job's and
step's `env`, `${{ ... }}` expressions substituted and `$GITHUB_ENV`/`$RUNNER_TEMP` provided.
The few `uses:` actions are emulated: checkout (the repository as it is), cache (a folder kept
between jobs under the runner's temp folder), upload-artifact/download-artifact (copies,
honouring include-hidden-files and pattern), upload-pages-artifact and deploy-pages (recorded).

Then it checks the result: the merged site equals a single `emokit generate` run byte for byte,
`sha256sum -c` accepts it, the archive holds exactly the site, the pages artifact is the site,
and no hidden file was lost on the way through the artifacts.

`--swift-build-flags` adds flags to the workflow's `swift build` commands: `.ci/test` passes the
flags of its own release build, so the workflow's build step finds emokit up to date instead of
building it again with other flags (a CI runner starts from a fresh checkout either way).

Usage: run-workflow-locally.py [--ref refs/heads/main] [--swift-build-flags FLAGS]
(exit 0 when everything holds).
"""
import argparse
import filecmp
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import yaml

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
WORKFLOW = os.path.join(ROOT, ".github", "workflows", "emoticons.yml")


def fail(message):
    print(f"run-workflow-locally: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Runner:
    def __init__(self, workflow, ref, temp, swift_build_flags=""):
        self.workflow = workflow
        self.ref = ref
        self.swift_build_flags = swift_build_flags
        self.temp = temp
        self.artifacts = os.path.join(temp, "artifacts")
        self.pages = None
        self.deployed = False
        os.makedirs(self.artifacts)

    def context(self, matrix, env, steps):
        return {
            "matrix": matrix,
            "env": env,
            "runner.temp": None,
            "github.ref": self.ref,
            "github.event_name": "push",
            "github.sha": "0" * 40,
            "steps": steps,
        }

    def lookup(self, expression, ctx, runner_temp):
        expression = expression.strip()
        if expression == "runner.temp":
            return runner_temp
        if expression.startswith("matrix."):
            return str(ctx["matrix"][expression[len("matrix."):]])
        if expression.startswith("env."):
            return str(ctx["env"].get(expression[len("env."):], ""))
        if expression.startswith("steps."):
            return ""
        if expression in ctx:
            return str(ctx[expression])
        fail(f"unsupported expression ${{{{ {expression} }}}}")

    def substitute(self, text, ctx, runner_temp):
        return re.sub(r"\$\{\{(.*?)\}\}", lambda m: self.lookup(m.group(1), ctx, runner_temp), str(text))

    def condition(self, text, ctx):
        if text is None:
            return True
        expression = str(text).replace("${{", "").replace("}}", "")
        for name in ("github.ref", "github.event_name"):
            expression = expression.replace(name, repr(ctx[name]))
        expression = expression.replace("&&", " and ").replace("||", " or ")
        tokens = re.findall(r"'[^']*'|==|!=|\S", expression.replace(" and ", " & ").replace(" or ", " | "))
        if not all(t.startswith("'") or t in ("==", "!=", "&", "|", "(", ")") for t in tokens):
            fail(f"unsupported condition: {text}")
        return bool(eval(expression, {"__builtins__": {}}, {}))

    def run_job(self, name, job, matrix):
        label = name + (f" {matrix}" if matrix else "")
        ctx = self.context(matrix, {}, {})
        if not self.condition(job.get("if"), ctx):
            print(f"== job {label}: skipped (if)")
            return
        print(f"== job {label}")
        runner_temp = tempfile.mkdtemp(prefix=f"{name}-", dir=self.temp)
        github_env = os.path.join(runner_temp, "_github_env")
        open(github_env, "w").close()
        env = dict(os.environ)
        env.update({"RUNNER_TEMP": runner_temp, "GITHUB_ENV": github_env, "GITHUB_REF": self.ref, "CI": "true"})
        for scope in (self.workflow.get("env", {}), job.get("env", {})):
            for key, value in scope.items():
                env[key] = self.substitute(value, dict(ctx, env=env), runner_temp)
        for index, step in enumerate(job.get("steps", [])):
            ctx = self.context(matrix, env, {})
            title = step.get("name") or step.get("uses") or step.get("run", "").splitlines()[0]
            if not self.condition(step.get("if"), ctx):
                print(f"-- step {index + 1}: {title}: skipped (if)")
                continue
            print(f"-- step {index + 1}: {title}")
            step_env = dict(env)
            for key, value in step.get("env", {}).items():
                step_env[key] = self.substitute(value, dict(ctx, env=env), runner_temp)
            with_ = {k: self.substitute(v, dict(ctx, env=env), runner_temp) for k, v in step.get("with", {}).items()}
            if "run" in step:
                script = self.substitute(step["run"], dict(ctx, env=env), runner_temp)
                if self.swift_build_flags:
                    script = re.sub(r"\bswift build\b", lambda _: "swift build " + self.swift_build_flags, script)
                result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=ROOT, env=step_env)
                if result.returncode != 0:
                    fail(f"job {label}, step {index + 1} ({title}) exited with {result.returncode}")
                with open(github_env) as f:
                    for line in f:
                        if "=" in line:
                            key, value = line.rstrip("\n").split("=", 1)
                            env[key] = value
            else:
                self.action(step["uses"], with_, runner_temp)

    def action(self, uses, with_, runner_temp):
        name = uses.split("@")[0]
        if name == "actions/checkout":
            return
        if name == "actions/cache":
            # A cache kept for the whole local run: restored into `path`, saved back after the job
            # (copying it now is enough: emokit writes its entries in place).
            path = with_["path"]
            kept = os.path.join(self.temp, "cache")
            os.makedirs(kept, exist_ok=True)
            if os.path.lexists(path):
                fail(f"cache path {path} exists before the cache step")
            os.symlink(kept, path)
            return
        if name == "actions/upload-artifact":
            source = with_["path"]
            if not os.path.isdir(source) and not os.path.isfile(source):
                fail(f"upload-artifact: {source} does not exist")
            target = os.path.join(self.artifacts, with_["name"])
            if os.path.exists(target):
                fail(f"upload-artifact: artifact {with_['name']} uploaded twice")
            hidden = str(with_.get("include-hidden-files", "false")).lower() == "true"
            ignore = None if hidden else shutil.ignore_patterns(".*")
            if os.path.isdir(source):
                shutil.copytree(source, target, ignore=ignore)
            else:
                os.makedirs(target)
                shutil.copy(source, target)
            return
        if name == "actions/download-artifact":
            destination = with_["path"]
            pattern = with_.get("pattern", with_.get("name", "*"))
            names = sorted(n for n in os.listdir(self.artifacts) if fnmatch.fnmatch(n, pattern))
            if not names:
                fail(f"download-artifact: nothing matches {pattern}")
            for artifact in names:
                shutil.copytree(os.path.join(self.artifacts, artifact), os.path.join(destination, artifact))
            return
        if name == "actions/upload-pages-artifact":
            self.pages = with_["path"]
            target = os.path.join(self.artifacts, "github-pages")
            shutil.copytree(self.pages, target)
            return
        if name == "actions/deploy-pages":
            if not os.path.isdir(os.path.join(self.artifacts, "github-pages")):
                fail("deploy-pages without a pages artifact")
            self.deployed = True
            return
        fail(f"no local stand-in for the action {uses}")

    def run(self):
        done = set()
        jobs = self.workflow["jobs"]
        while len(done) < len(jobs):
            ready = [n for n, j in jobs.items() if n not in done and set(self.needs(j)) <= done]
            if not ready:
                fail("the jobs' needs form a cycle")
            for name in ready:
                job = jobs[name]
                matrix = job.get("strategy", {}).get("matrix")
                if matrix:
                    (key, values), = matrix.items()
                    for value in values:
                        self.run_job(name, job, {key: value})
                else:
                    self.run_job(name, job, {})
                done.add(name)

    @staticmethod
    def needs(job):
        needs = job.get("needs", [])
        return [needs] if isinstance(needs, str) else needs


def tree(folder):
    files = {}
    for base, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ref", default="refs/heads/main")
    parser.add_argument("--emokit", default=os.path.join(ROOT, ".build", "release", "emokit"))
    parser.add_argument("--swift-build-flags", default="", help="flags added to the workflow's swift build commands")
    arguments = parser.parse_args()
    with open(WORKFLOW) as f:
        workflow = yaml.safe_load(f)
    # YAML reads the key `on` as True; nothing here needs it.
    temp = tempfile.mkdtemp(prefix="emokit-workflow-")
    env_home = os.path.join(temp, "home-cache")
    os.environ["XDG_CACHE_HOME"] = env_home
    try:
        runner = Runner(workflow, arguments.ref, temp, arguments.swift_build_flags)
        runner.run()
        # The published site: the pages artifact (main) and the archive artifact.
        archive_folder = os.path.join(runner.artifacts, "emoticons")
        archives = os.listdir(archive_folder)
        if archives != ["emoticons.tar.gz"]:
            fail(f"the emoticons artifact holds {archives}")
        if arguments.ref == "refs/heads/main" and not (runner.pages and runner.deployed):
            fail("on main the site must be uploaded for GitHub Pages and deployed")
        site = os.path.join(runner.artifacts, "github-pages") if runner.pages else None
        # A single run with the same flags, to compare with.
        single = os.path.join(temp, "single")
        packs = workflow["env"]["PACKS"]
        subprocess.run([arguments.emokit, "generate", os.path.join(ROOT, packs), "--out", single, "--no-cache", "--quiet"], check=True)
        expected = tree(single)
        with tarfile.open(os.path.join(archive_folder, "emoticons.tar.gz")) as t:
            archived = {m.name: t.extractfile(m).read() for m in t.getmembers() if m.isfile()}
        if archived != expected:
            fail(f"the archive differs from a single run: {sorted(set(archived) ^ set(expected)) or 'contents'}")
        if site is not None:
            published = tree(site)
            if published != expected:
                fail(f"the pages artifact differs from a single run: {sorted(set(published) ^ set(expected)) or 'contents'}")
            check = subprocess.run(["sha256sum", "--strict", "--quiet", "-c", "SHA256SUMS"], cwd=site)
            if check.returncode != 0:
                fail("sha256sum -c failed on the published site")
        print(f"run-workflow-locally: OK: {len(expected)} files, merged site identical to a single run")
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    main()
