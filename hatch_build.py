"""Compiles the rules core (and the GCCG reader) with mypyc when the wheel is built (issue 17).

hatchling runs this hook (``[tool.hatch.build.targets.wheel.hooks.custom]`` in pyproject.toml)
for every wheel it builds, so ``pip install .`` on a machine with a C compiler gets the
compiled core. The hook is ours because the published plugin, hatch-mypyc, has had no release
since 0.16.0 (2023) and fails the build where there is no compiler; this one leaves the same
package in pure Python instead:

- ``MYTHOS_PURE=1`` in the environment: a pure wheel, nothing compiled;
- no C compiler, or mypyc failing on the source: a pure wheel, with one note saying why;
- an editable install (``pip install -e .``): always pure, so the checkout's .py files are
  what runs and an edit is seen at once.

The .py files stay in the wheel beside the compiled modules (Python imports the extension
first); ``deckbuilder.rules.compiled()`` tells which one runs. The modules compiled are the
``compile`` globs of the hook's table in pyproject.toml, chosen where the benchmarks show it
pays. The API used is mypyc's documented one (``mypyc.build.mypycify``) and setuptools'
``build_ext``, as a setup.py would use them.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

#: The name of the one shared library holding every compiled module (mypyc's "group").
GROUP = "deckbuilder_rules"


class CompiledCoreHook(BuildHookInterface):  # type: ignore[misc]
    """Adds the mypyc-compiled rules modules to a wheel, or leaves the wheel pure."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("MYTHOS_PURE", "") not in ("", "0"):
            self.app.display_info("mythos: MYTHOS_PURE is set: building the pure Python core")
            return
        root = Path(self.root)
        sources = self._sources(root)
        if not sources:
            return
        try:
            built = self._compile(root, sources)
        except (Exception, SystemExit) as exc:  # no compiler or mypyc; mypyc refusing the source exits
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
            self.app.display_warning(
                f"mythos: the rules core could not be compiled ({first}); building the pure Python core instead"
            )
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True  # cp311-cp311-<platform>: the .so files fit one Python
        for path, target in built:
            build_data["force_include"][str(path)] = target

    def _sources(self, root: Path) -> list[str]:
        """Gets the .py files to compile, from the ``compile`` globs, relative to the root."""
        found: set[str] = set()
        for pattern in self.config.get("compile", []):
            found |= {p.relative_to(root).as_posix() for p in root.glob(pattern) if p.is_file()}
        return sorted(found)

    def _compile(self, root: Path, sources: list[str]) -> list[tuple[Path, str]]:
        """Compiles ``sources`` and gets each built extension with its place in the wheel."""
        if not _c_compiler():
            raise RuntimeError("no C compiler found")
        # mypyc and setuptools are build requirements ([build-system] requires); imported here so
        # a pure build needs neither to work.
        from mypyc.build import mypycify
        from setuptools import Distribution

        build = root.resolve() / "build" / "mypyc"
        shutil.rmtree(build, ignore_errors=True)
        start = time.perf_counter()
        cwd = Path.cwd()
        os.chdir(root)  # mypyc reads the sources and names the modules relative to the root
        try:
            extensions = mypycify(
                sources,
                opt_level=str(self.config.get("opt-level", "3")),
                target_dir=str(build / "c"),
                group_name=GROUP,
                multi_file=True,
            )
            dist = Distribution({"name": "mythos-core", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(build / "lib")  # type: ignore[attr-defined]
            command.build_temp = str(build / "temp")  # type: ignore[attr-defined]
            command.parallel = os.cpu_count() or 1  # type: ignore[attr-defined]
            command.ensure_finalized()
            command.run()
            outputs = [Path(p) for p in command.get_outputs()]
        finally:
            os.chdir(cwd)
        self.app.display_info(
            f"mythos: compiled {len(sources)} modules with mypyc in {time.perf_counter() - start:.0f} s"
        )
        lib = build / "lib"  # absolute, so are the outputs
        return [(path, path.resolve().relative_to(lib).as_posix()) for path in outputs]


def _c_compiler() -> bool:
    """Tells whether the C compiler Python was built with (or $CC) is on this machine."""
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or ("cl" if sys.platform == "win32" else "cc")
    return shutil.which(compiler.split()[0]) is not None
