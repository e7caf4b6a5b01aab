#!/usr/bin/env python3
"""Runs a GitHub Actions workflow that publishes emoticons with emokit on this machine, job by
job and step by step, the way GitHub would: by default emokit's own
.github/workflows/emoticons.yml; with --workflow and --repo, an adopter's workflow in its own
repository, which `uses:` the emokit action (`<owner>/emokit@<ref>`) or the reusable workflow
(`<owner>/emokit/.github/workflows/publish.yml@<ref>`). Every `<owner>/emokit` is the local
checkout --emokit (default: this one).

Jobs run in `needs` order, a matrix job once per value; a job that `uses:` a reusable workflow
runs that workflow's jobs with its `inputs` and the `job.workflow_*` context of the called file.
Each job gets a fresh workspace (actions/checkout copies the repository into it, or links emokit's
checkout) and its own runner temp folder. `run:` steps run with bash (-eo pipefail) in the
workspace with the workflow's, job's and step's `env`, `${{ ... }}` expressions evaluated
(workflow_expressions.py), and GITHUB_ENV/GITHUB_OUTPUT read back; composite actions (action.yml)
run their own steps with their inputs and outputs. The other actions are emulated: cache (a store of
immutable entries by key, restored by key or restore-keys prefix, saved when the job ends),
upload-artifact/download-artifact (copies, honouring include-hidden-files, pattern and
merge-multiple), upload-pages-artifact and deploy-pages (recorded).

Then it checks what was published: the archive artifact `emoticons` and the Pages artifact each
equal a single `emokit generate` run (the packs, config and flags the emokit action was given, no
shard) byte for byte, `sha256sum -c` accepts the site, and no hidden file was lost on the way
through the artifacts.

--swift-build-flags adds flags to emokit's build (`.ci/test` passes those of its own release
build, so the workflow finds emokit up to date instead of building it again with other flags).

Several --ref run the workflow once per ref, in order, sharing the cache as GitHub scopes it: a
run sees the entries saved on its own ref and on the default branch (refs/heads/main). `--ref
REF:EVENT` runs it as another event (`refs/heads/main:pull_request_target`, which writes the
default branch's entries perhaps running a fork's code): no other event's run may restore an
entry such a run saved. The emokit binary must be built once and then restored from the cache in
every later job and run (a key per branch rebuilds it on every pull request); a cache key must be
valid for actions/cache (no comma, at most 512 characters) and name no ref verbatim.
--pages-on REF: that ref's run must deploy GitHub Pages, the others' must not.

Also checked, as GitHub would refuse them or as a review would: every job of a called workflow
declares `permissions`; only a job that deploys Pages asks for `pages`/`id-token: write`, and it
declares a `concurrency` group; a caller grants every permission the called workflow's jobs ask
for (GitHub checks that when the workflow starts, skipped jobs included; a caller without
`permissions` has the restricted default); no `run:` script holds a `${{ ... }}` (values reach
scripts through `env:`, never spliced into the script's text).

--self-test runs .ci/setup-emokit in a sandbox of stand-ins instead (no workflow): a runner whose
curl was removed (the swift images), a release binary that cannot start (glibc too old), a tag
without a release, a branch, and the binary cache key's toolchain part.

Usage: run-workflow-locally.py [--workflow FILE --repo DIR] [--emokit PATH] [--ref REF[:EVENT]]...
       [--pages-on REF]... [--swift-build-flags FLAGS]   (exit 0 when everything holds)
       run-workflow-locally.py --self-test
"""
import argparse
import fnmatch
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import workflow_expressions as expressions  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# `owner/emokit@ref` (the action) and `owner/emokit/.github/workflows/FILE@ref`.
EMOKIT_USES = re.compile(r"^(?P<repository>[^/@]+/emokit)(?P<file>/[^@]+)?@(?P<ref>.+)$")
# What a checkout never copies: the repository's history and emokit's build folders.
NOT_CHECKED_OUT = shutil.ignore_patterns(".git", ".build", ".swiftpm")
DEFAULT_BRANCH = "refs/heads/main"
# Events whose runs write the default branch's cache entries while perhaps running a fork's code.
UNTRUSTED_EVENTS = ("pull_request_target", "workflow_run")
# A job's GITHUB_TOKEN when neither it nor its workflow says (GitHub's restricted default).
DEFAULT_PERMISSIONS = {"contents": "read", "packages": "read", "metadata": "read"}
LEVELS = {"none": 0, "read": 1, "write": 2}


def fail(message):
    print(f"run-workflow-locally: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def read_yaml(path):
    with open(path) as f:
        document = yaml.safe_load(f)
    # YAML 1.1 reads the key `on` as True.
    if True in document:
        document["on"] = document.pop(True)
    return document


def read_outputs(path):
    """A GITHUB_OUTPUT or GITHUB_ENV file: `name=value` lines and `name<<DELIMITER` blocks."""
    values = {}
    with open(path) as f:
        lines = f.read().splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            index += 1
            values[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
    return values


class Context:
    """The expression contexts of one step: a lookup of dotted names in nested dicts."""

    def __init__(self, **contexts):
        self.contexts = contexts

    def with_(self, **more):
        return Context(**dict(self.contexts, **more))

    def lookup(self, name):
        head, *rest = name.split(".")
        if head not in self.contexts:
            fail(f"unsupported context in ${{{{ {name} }}}}")
        value = self.contexts[head]
        for part in rest:
            value = value.get(part) if isinstance(value, dict) else None
        return value

    def substitute(self, text):
        try:
            return expressions.substitute(text, self.lookup)
        except expressions.ExpressionError as error:
            fail(str(error))

    def text(self, text):
        return expressions.to_string(self.substitute(text))

    def condition(self, text):
        try:
            return expressions.condition(text, self.lookup)
        except expressions.ExpressionError as error:
            fail(str(error))


class Runner:
    def __init__(self, repo, repository, emokit, ref, event, temp, swift_build_flags, caches, run_id="1", binary_lookups=None):
        self.repo = repo
        self.repository = repository
        self.emokit = emokit
        self.ref = ref
        self.event = event
        self.temp = temp
        self.swift_build_flags = swift_build_flags
        self.artifacts = os.path.join(temp, "artifacts")
        self.run_id = run_id
        self.caches = caches  # key -> (folder, ref, event that saved it), in the order saved, across runs
        self.binary_lookups = binary_lookups if binary_lookups is not None else []  # (key, hit), across runs
        self.pages = False
        self.pages_site = None
        self.deployed = False
        self.site = "emoticons"  # the site the emokit action's runs belong to (a publish.yml call's `name`)
        self.generate_calls = []  # (site, the emokit action's inputs), one per use
        self.binaries = []  # the emokit binaries the runs set up
        self.jobs_run = 0
        os.makedirs(self.artifacts)

    def github(self):
        return {
            "ref": self.ref,
            "ref_name": self.ref.rsplit("/", 1)[-1],
            "event_name": self.event,
            "sha": "0" * 40,
            "repository": self.repository,
            "run_id": self.run_id,
            "run_attempt": "1",
            "token": "",
        }

    # -- workflows and jobs

    def run_workflow(self, path, inputs=None, called=None, owner_repo=None):
        """Runs a workflow's jobs in `needs` order. `called`: the `job` context of a reusable
        workflow's jobs (workflow_repository, workflow_sha, workflow_ref); `owner_repo` the folder
        of the repository holding the workflow (for `uses: ./...`)."""
        workflow = read_yaml(path)
        label = os.path.relpath(path, owner_repo or self.repo)
        called = called or {"workflow_repository": self.repository, "workflow_sha": "0" * 40, "workflow_ref": f"{self.repository}/{label}@{self.ref}"}
        inputs = self.inputs(workflow, inputs or {}, label)
        jobs = workflow["jobs"]
        self.check_permissions(workflow, label)
        needs_outputs, done = {}, set()
        while len(done) < len(jobs):
            ready = [n for n, j in jobs.items() if n not in done and set(self.needs(j)) <= done]
            if not ready:
                fail(f"{label}: the jobs' needs form a cycle")
            for name in ready:
                job = jobs[name]
                needs = {n: needs_outputs[n] for n in self.needs(job)}
                context = Context(github=self.github(), inputs=inputs, needs=needs, env={}, job=called, vars={}, secrets={})
                if not context.condition(job.get("if")):
                    print(f"== job {name}: skipped (if)")
                    needs_outputs[name] = {"outputs": {}, "result": "skipped"}
                elif "uses" in job:
                    with_ = {k: context.substitute(v) for k, v in job.get("with", {}).items()}
                    grant = permissions(job.get("permissions", workflow.get("permissions", DEFAULT_PERMISSIONS)))
                    outputs = self.run_reusable(job["uses"], with_, owner_repo or self.repo, grant, f"{label} job {name}")
                    needs_outputs[name] = {"outputs": outputs, "result": "success"}
                else:
                    needs_outputs[name] = {"outputs": self.run_matrix(name, job, workflow, context), "result": "success"}
                done.add(name)
        return needs_outputs

    def inputs(self, workflow, given, label):
        trigger = workflow.get("on") or {}
        declared = (trigger.get("workflow_call") or {}).get("inputs", {}) if isinstance(trigger, dict) else {}
        unknown = set(given) - set(declared)
        if unknown:
            fail(f"{label}: no input named {sorted(unknown)}")
        values = {}
        for name, spec in declared.items():
            value = given.get(name, spec.get("default"))
            if value is None and spec.get("required"):
                fail(f"{label}: the input {name} is required")
            kind = spec.get("type", "string")
            if kind == "number" and value is not None:
                value = float(value) if "." in str(value) else int(value)
            elif kind == "boolean":
                value = value if isinstance(value, bool) else str(value).lower() == "true"
            values[name] = value
        return values

    def check_permissions(self, workflow, label):
        """Least privilege: only a job that deploys Pages may write Pages or get an OIDC token, and it
        deploys one at a time (a concurrency group)."""
        for name, job in workflow["jobs"].items():
            if "uses" in job:
                continue
            granted = permissions(job.get("permissions", workflow.get("permissions", DEFAULT_PERMISSIONS)))
            deploys = any(str(step.get("uses", "")).startswith("actions/deploy-pages@") for step in job.get("steps", []))
            for scope in ("pages", "id-token"):
                if granted.get(scope) == "write" and not deploys:
                    fail(f"{label}: job {name} gets {scope}: write but deploys nothing (give it `permissions` of its own)")
            if deploys and "concurrency" not in job and "concurrency" not in workflow:
                fail(f"{label}: job {name} deploys GitHub Pages without a concurrency group")

    def run_reusable(self, uses, with_, owner_repo, grant, caller):
        match = EMOKIT_USES.match(uses)
        if uses.startswith("./"):
            path = os.path.join(owner_repo, uses[2:])
            called = {"workflow_repository": self.repository, "workflow_sha": "0" * 40, "workflow_ref": f"{self.repository}/{uses[2:]}@{self.ref}"}
            holder = owner_repo
        elif match and match.group("file"):
            path = os.path.join(self.emokit, match.group("file").lstrip("/"))
            called = {"workflow_repository": match.group("repository"), "workflow_sha": "0" * 40, "workflow_ref": uses}
            holder = self.emokit
        else:
            fail(f"no local stand-in for the reusable workflow {uses}")
        if not os.path.isfile(path):
            fail(f"{uses}: {path} does not exist")
        print(f"== reusable workflow {uses}")
        workflow = read_yaml(path)
        # GitHub checks every job's permissions against the caller's grant when the run starts.
        for name, job in workflow["jobs"].items():
            if "permissions" not in job:
                fail(f"{uses}: job {name} declares no permissions (it would get all the caller grants)")
            for scope, level in permissions(job["permissions"]).items():
                if LEVELS[level] > LEVELS[grant.get(scope, "none")]:
                    fail(f"{caller}: {uses} job {name} asks for {scope}: {level}, the caller grants {grant.get(scope, 'none')}")
        site = self.site
        self.site = with_.get("name") or ((workflow["on"].get("workflow_call") or {}).get("inputs", {}).get("name", {}).get("default") or "emoticons")
        jobs = self.run_workflow(path, with_, called, holder)
        self.site = site
        declared = (workflow["on"].get("workflow_call") or {}).get("outputs", {})
        context = Context(jobs=jobs, inputs=with_)
        return {name: context.text(spec["value"]) for name, spec in declared.items()}

    def run_matrix(self, name, job, workflow, context):
        matrix = (job.get("strategy") or {}).get("matrix")
        if not matrix:
            return self.run_job(name, job, workflow, context.with_(matrix={}))
        if isinstance(matrix, str):
            matrix = context.substitute(matrix)
        rows = [{}]
        for key, values in matrix.items():
            if key in ("include", "exclude"):
                fail(f"job {name}: matrix {key} is not emulated")
            values = context.substitute(values)
            if not isinstance(values, list) or not values:
                fail(f"job {name}: the matrix value {key} is not a list: {values!r}")
            rows = [dict(row, **{key: value}) for row in rows for value in values]
        outputs = {}
        for row in rows:
            outputs.update(self.run_job(name, job, workflow, context.with_(matrix=row)))
        return outputs

    def run_job(self, name, job, workflow, context):
        label = name + (f" {context.contexts['matrix']}" if context.contexts["matrix"] else "")
        print(f"== job {label}")
        self.jobs_run += 1
        folder = os.path.join(self.temp, f"job-{self.jobs_run}")
        workspace, runner_temp = os.path.join(folder, "workspace"), os.path.join(folder, "temp")
        os.makedirs(workspace)
        os.makedirs(runner_temp)
        state = {"workspace": workspace, "temp": runner_temp, "caches": []}
        env = dict(os.environ)
        env.update(
            {
                "RUNNER_TEMP": runner_temp,
                "RUNNER_OS": "Linux",
                "GITHUB_WORKSPACE": workspace,
                "GITHUB_REF": self.ref,
                "GITHUB_REF_NAME": self.github()["ref_name"],
                "GITHUB_REPOSITORY": self.repository,
                "GITHUB_RUN_ID": self.run_id,
                "GITHUB_RUN_ATTEMPT": "1",
                "GITHUB_EVENT_NAME": self.event,
                "CI": "true",
                "EMOKIT_SWIFT_BUILD_FLAGS": self.swift_build_flags,
            }
        )
        runner = {"temp": runner_temp, "os": "Linux", "arch": "X64"}
        context = context.with_(runner=runner, steps={})
        for scope in (workflow.get("env", {}), job.get("env", {})):
            for key, value in scope.items():
                env[key] = context.with_(env=env).text(value)
        steps = self.run_steps(job.get("steps", []), context, env, state, label, composite=False)
        # Post-job: the cache steps save their path under their key, unless the key exists
        # (GitHub's entries are immutable).
        for key, path in state["caches"]:
            if key not in self.caches and os.path.isdir(path):
                saved = os.path.join(os.path.dirname(self.temp), "caches", str(len(self.caches)))
                shutil.copytree(path, saved, symlinks=True)
                # (pull_request_target and workflow_run runs write the default branch's scope.)
                scope = DEFAULT_BRANCH if self.event in UNTRUSTED_EVENTS else self.ref
                self.caches[key] = (saved, scope, self.event)
        outputs = {}
        for key, value in (job.get("outputs") or {}).items():
            outputs[key] = context.with_(steps=steps, env=env).text(value)
        return outputs

    @staticmethod
    def needs(job):
        needs = job.get("needs", [])
        return [needs] if isinstance(needs, str) else needs

    # -- steps

    def run_steps(self, steps_yaml, context, env, state, label, composite):
        steps = {}
        for index, step in enumerate(steps_yaml):
            step_context = context.with_(steps=steps, env=env)
            title = step.get("name") or step.get("uses") or step.get("run", "").strip().splitlines()[0]
            if not step_context.condition(step.get("if")):
                print(f"-- step {index + 1}: {title}: skipped (if)")
                continue
            print(f"-- {'action step' if composite else 'step'} {index + 1}: {title}")
            step_env = dict(env)
            for key, value in (step.get("env") or {}).items():
                step_env[key] = step_context.text(value)
            outputs = {}
            if "run" in step:
                if composite and "shell" not in step:
                    fail(f"job {label}: a composite action's run step needs `shell` ({title})")
                if step.get("shell", "bash") != "bash":
                    fail(f"job {label}: only bash steps are emulated ({title})")
                if "${{" in step["run"]:
                    fail(f"job {label}: the run script ({title}) holds a ${{{{ ... }}}}: pass the value through `env:`")
                outputs = self.run_script(step_context.text(step["run"]), step_env, state, step, label, title, env)
            else:
                with_ = {k: step_context.text(v) for k, v in (step.get("with") or {}).items()}
                outputs = self.action(step["uses"], with_, step_context, step_env, state, label)
            if "id" in step:
                steps[step["id"]] = {"outputs": outputs, "outcome": "success", "conclusion": "success"}
        return steps

    def run_script(self, script, env, state, step, label, title, job_env):
        output_file = os.path.join(state["temp"], "_github_output")
        env_file = os.path.join(state["temp"], "_github_env")
        for path in (output_file, env_file):
            open(path, "w").close()
        env = dict(env, GITHUB_OUTPUT=output_file, GITHUB_ENV=env_file)
        cwd = os.path.join(state["workspace"], step.get("working-directory", ""))
        result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], cwd=cwd, env=env)
        if result.returncode != 0:
            fail(f"job {label}, step ({title}) exited with {result.returncode}")
        job_env.update(read_outputs(env_file))
        outputs = read_outputs(output_file)
        if "emokit" in outputs and "version" in outputs:
            self.binaries.append(outputs["emokit"])
        return outputs

    def run_composite(self, folder, uses, with_, context, env, state, label, ref, repository):
        action = read_yaml(os.path.join(folder, "action.yml"))
        if (action.get("runs") or {}).get("using") != "composite":
            fail(f"{uses}: only composite actions are emulated")
        declared = action.get("inputs") or {}
        unknown = set(with_) - set(declared)
        if unknown:
            fail(f"{uses}: no input named {sorted(unknown)}")
        inputs = {name: with_.get(name, expressions.to_string(spec.get("default", ""))) for name, spec in declared.items()}
        github = dict(context.contexts["github"], action_path=folder, action_ref=ref, action_repository=repository)
        action_context = Context(github=github, inputs=inputs, runner=context.contexts["runner"], job=context.contexts["job"], env=env)
        action_env = dict(env, GITHUB_ACTION_PATH=folder)
        if os.path.realpath(folder) == os.path.realpath(self.emokit):
            # What the single run to compare with repeats.
            self.generate_calls.append((self.site, inputs))
        steps = self.run_steps(action["runs"]["steps"], action_context, action_env, state, f"{label} ({uses})", composite=True)
        return {name: action_context.with_(steps=steps).text(spec["value"]) for name, spec in (action.get("outputs") or {}).items()}

    def action(self, uses, with_, context, env, state, label):
        if uses.startswith("./"):
            folder = os.path.join(state["workspace"], uses[2:])
            if not os.path.isfile(os.path.join(folder, "action.yml")):
                fail(f"{uses}: no action.yml in the workspace at {folder}")
            return self.run_composite(folder, uses, with_, context, env, state, label, "", "")
        match = EMOKIT_USES.match(uses)
        if match and not match.group("file"):
            return self.run_composite(self.emokit, uses, with_, context, env, state, label, match.group("ref"), match.group("repository"))
        name = uses.split("@")[0]
        if name == "actions/checkout":
            return self.checkout(with_, state)
        if name == "actions/cache":
            return self.cache(with_, state)
        if name == "actions/upload-artifact":
            return self.upload(with_)
        if name == "actions/download-artifact":
            return self.download(with_)
        if name == "actions/upload-pages-artifact":
            target = os.path.join(self.artifacts, "github-pages")
            if os.path.exists(target):
                fail("upload-pages-artifact: uploaded twice")
            shutil.copytree(with_["path"], target)
            self.pages = True
            self.pages_site = self.site
            return {}
        if name == "actions/deploy-pages":
            if not self.pages:
                fail("deploy-pages without a pages artifact")
            self.deployed = True
            return {"page_url": "https://example.invalid/"}
        fail(f"no local stand-in for the action {uses}")

    def checkout(self, with_, state):
        repository = with_.get("repository") or self.repository
        target = os.path.join(state["workspace"], with_.get("path", ""))
        if os.path.realpath(target) != os.path.realpath(state["workspace"]) and not target.startswith(state["workspace"] + os.sep):
            fail(f"checkout: the path {with_.get('path')} is outside the workspace")
        if EMOKIT_USES.match(f"{repository}@x") and with_.get("path"):
            # emokit's checkout beside the repository's, linked: its build folder is reused
            # instead of building emokit again.
            if os.path.lexists(target):
                fail(f"checkout: {target} exists")
            os.symlink(self.emokit, target)
        elif repository == self.repository:
            shutil.copytree(self.repo, target, ignore=NOT_CHECKED_OUT, symlinks=True, dirs_exist_ok=True)
        else:
            fail(f"checkout: no local repository for {repository}")
        return {}

    def cache(self, with_, state):
        path = with_["path"]
        if os.path.lexists(path):
            fail(f"cache path {path} exists before the cache step")
        key = with_["key"]
        restore_keys = [p.strip() for p in with_.get("restore-keys", "").splitlines() if p.strip()]
        if not key or key.endswith("-"):
            fail(f"cache: the key {key!r} lacks a part")
        for name in [key, *restore_keys]:
            # What actions/cache refuses (its key validation).
            if "," in name or len(name) > 512:
                fail(f"cache: actions/cache refuses the key {name!r} (a comma, or over 512 characters)")
            # A branch name in a key: every new branch misses, and its characters reach the key.
            if self.ref in name:
                fail(f"cache: the key {name!r} holds the ref {self.ref} verbatim (hash it)")
        state["caches"].append((key, path))
        # GitHub's scopes: a run sees what its own ref saved and what the default branch saved.
        visible = [k for k, (_, ref, _) in self.caches.items() if ref in (self.ref, DEFAULT_BRANCH)]
        hit = key in visible
        found = key if hit else None
        if not hit:
            for prefix in restore_keys:
                matches = [k for k in visible if k.startswith(prefix)]
                if matches:
                    found = matches[-1]
                    break
        if os.path.basename(path) == "emokit-bin":
            self.binary_lookups.append((key, found is not None))
        if found:
            folder, saved_on, saved_by = self.caches[found]
            # A pull_request_target or workflow_run run writes the default branch's entries,
            # perhaps running a fork's code: the keys must keep every other run from them.
            if saved_by in UNTRUSTED_EVENTS and self.event != saved_by:
                fail(f"cache: {key} restored {found}, saved by a {saved_by} run, in a {self.event} run")
            print(f"cache: restored {found}")
            shutil.copytree(folder, path, symlinks=True)
        return {"cache-hit": "true" if hit else "false"}

    def upload(self, with_):
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
        return {}

    def download(self, with_):
        destination = with_["path"]
        pattern = with_.get("pattern", with_.get("name", "*"))
        names = sorted(n for n in os.listdir(self.artifacts) if fnmatch.fnmatch(n, pattern) and n != "github-pages")
        if not names:
            fail(f"download-artifact: nothing matches {pattern}")
        merge = str(with_.get("merge-multiple", "false")).lower() == "true"
        for artifact in names:
            target = destination if merge else os.path.join(destination, artifact)
            shutil.copytree(os.path.join(self.artifacts, artifact), target, dirs_exist_ok=merge)
        return {}


def permissions(value):
    """A `permissions:` value as {scope: level} (`read-all`, `write-all`, `{}` and a mapping)."""
    scopes = ("actions", "attestations", "checks", "contents", "deployments", "id-token", "issues", "metadata", "packages", "pages", "pull-requests", "repository-projects", "security-events", "statuses")
    if value in ("read-all", "write-all"):
        return {scope: value.split("-")[0] for scope in scopes}
    if not isinstance(value, dict):
        fail(f"permissions: cannot read {value!r}")
    for scope, level in value.items():
        if level not in LEVELS:
            fail(f"permissions: {scope}: {level!r} is not none, read or write")
    return dict(value)


def tree(folder):
    files = {}
    for base, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files


def without_cache_flags(args):
    """`args` words without --no-cache and --cache DIR (they change no output)."""
    words, result = args.split(), []
    index = 0
    while index < len(words):
        if words[index] == "--cache":
            index += 2
            continue
        if words[index] != "--no-cache" and not words[index].startswith("--cache="):
            result.append(words[index])
        index += 1
    return result


def single_run(runner, temp, site):
    """The site one `emokit generate` writes with the inputs the emokit action was given for `site`
    (without the shard), in a fresh copy of the repository."""
    calls = [inputs for name, inputs in runner.generate_calls if name == site]
    shapes = {tuple((k, v if k != "args" else " ".join(without_cache_flags(v))) for k, v in sorted(c.items()) if k not in ("shard", "out")) for c in calls}
    if len(shapes) != 1:
        fail(f"the emokit action ran with different inputs for {site}: {sorted(shapes)}")
    inputs = calls[0]
    workspace = os.path.join(temp, f"single-workspace-{site}")
    shutil.copytree(runner.repo, workspace, ignore=NOT_CHECKED_OUT, symlinks=True)
    single = os.path.join(temp, f"single-{site}")
    command = [runner.binaries[0], "generate", *inputs.get("packs", "").split()]
    if inputs.get("config"):
        command += ["--config", inputs["config"]]
    command += [*without_cache_flags(inputs.get("args", "")), "--out", single, "--no-cache", "--quiet"]
    subprocess.run(command, check=True, cwd=workspace)
    return tree(single)


def check(runner, temp):
    """Each site (one per publish.yml call, named by its `name`) against its single run."""
    if not runner.generate_calls:
        fail("the workflow never ran the emokit action")
    if not runner.binaries:
        fail("the workflow never set up emokit")
    sites = sorted({site for site, _ in runner.generate_calls})
    files = 0
    for site in sites:
        expected = single_run(runner, temp, site)
        files += len(expected)
        published = 0
        archive_folder = os.path.join(runner.artifacts, site)
        if os.path.isdir(archive_folder):
            archives = os.listdir(archive_folder)
            if archives != [f"{site}.tar.gz"]:
                fail(f"the {site} artifact holds {archives}")
            with tarfile.open(os.path.join(archive_folder, f"{site}.tar.gz")) as t:
                archived = {m.name: t.extractfile(m).read() for m in t.getmembers() if m.isfile()}
            if archived != expected:
                fail(f"the {site} archive differs from a single run: {sorted(set(archived) ^ set(expected)) or 'contents'}")
            published += 1
        if runner.pages and runner.pages_site == site:
            if not runner.deployed:
                fail("the site was uploaded for GitHub Pages but never deployed")
            pages = os.path.join(runner.artifacts, "github-pages")
            if tree(pages) != expected:
                fail(f"the pages artifact differs from a single run: {sorted(set(tree(pages)) ^ set(expected)) or 'contents'}")
            if subprocess.run(["sha256sum", "--strict", "--quiet", "-c", "SHA256SUMS"], cwd=pages).returncode != 0:
                fail("sha256sum -c failed on the published site")
            published += 1
        if not published:
            fail(f"the workflow published nothing for {site} (no `{site}` archive artifact, no Pages artifact)")
    return files, sites


def main():
    parser = argparse.ArgumentParser(description="Runs a workflow that publishes emoticons with emokit, locally.")
    parser.add_argument("--workflow", help="the workflow file (default: emokit's .github/workflows/emoticons.yml)")
    parser.add_argument("--repo", help="the repository the workflow runs in (default: emokit's checkout)")
    parser.add_argument("--repository", help="its owner/name (default: emokit/emokit for emokit's checkout, else adopter/app)")
    parser.add_argument("--emokit", default=ROOT, help="the emokit checkout every <owner>/emokit@<ref> stands for")
    parser.add_argument("--ref", action="append", help="the branch or pull request ref, optionally :EVENT; repeated: one run per ref, in order, sharing the cache (default refs/heads/main)")
    parser.add_argument("--pages-on", action="append", default=None, help="a ref whose run must deploy GitHub Pages (repeatable); every other ref's must not")
    parser.add_argument("--swift-build-flags", default="", help="flags added to emokit's swift build")
    parser.add_argument("--self-test", action="store_true", help="check .ci/setup-emokit in a sandbox (no workflow)")
    arguments = parser.parse_args()
    if arguments.self_test:
        import setup_emokit_check

        setup_emokit_check.run(os.path.realpath(arguments.emokit))
        return
    emokit = os.path.realpath(arguments.emokit)
    repo = os.path.realpath(arguments.repo or emokit)
    workflow = os.path.realpath(arguments.workflow or os.path.join(repo, ".github", "workflows", "emoticons.yml"))
    repository = arguments.repository or ("emokit/emokit" if repo == emokit else "adopter/app")
    temp = tempfile.mkdtemp(prefix="emokit-workflow-")
    os.environ["XDG_CACHE_HOME"] = os.path.join(temp, "home-cache")
    caches, binary_lookups = {}, []
    try:
        for number, spec in enumerate(arguments.ref or ["refs/heads/main"]):
            ref, _, event = spec.partition(":")
            event = event or ("pull_request" if ref.startswith("refs/pull/") else "push")
            print(f"==== {os.path.relpath(workflow, repo)} on {ref} ({event})")
            run_temp = os.path.join(temp, f"run-{number + 1}")
            os.makedirs(run_temp)
            runner = Runner(repo, repository, emokit, ref, event, run_temp, arguments.swift_build_flags, caches, str(number + 1), binary_lookups)
            runner.run_workflow(workflow)
            if arguments.pages_on is not None and runner.deployed != (spec in arguments.pages_on):
                fail(f"GitHub Pages {'not ' if spec in arguments.pages_on else ''}deployed on {spec}")
            count, sites = check(runner, run_temp)
            print(f"run-workflow-locally: OK: {spec}: {count} files, the published site{'s' if len(sites) > 1 else ''} ({', '.join(sites)}) identical to a single run ({len(caches)} cache entries so far)")
        # One machine, one emokit source: one binary key whatever the ref or event, built once;
        # every later job and run (a pull request's too) restores it.
        keys = sorted({key for key, _ in binary_lookups})
        if len(keys) > 1:
            fail(f"the emokit binary's cache key differs from run to run (every branch or pull request builds it again): {keys}")
        built = [key for key, hit in binary_lookups if not hit]
        if len(built) > 1:
            fail(f"the emokit binary was built {len(built)} times for one cache key: {built}")
        print(f"run-workflow-locally: OK: the emokit binary built {len(built)} time(s), restored from the cache {len(binary_lookups) - len(built)} time(s)")
    finally:
        shutil.rmtree(temp, ignore_errors=True)

if __name__ == "__main__":
    main()
