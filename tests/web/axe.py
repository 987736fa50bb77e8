"""axe-core in the browser tests: every violation of any impact, with the rule's id and
the elements it found (``scripts/install-axe.sh`` installs axe-core; ``make test`` runs it)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

AXE = Path(
    os.environ.get(
        "GAMETABLE_AXE",
        Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
        / "gametable/axe/node_modules/axe-core/axe.min.js",
    )
)

# Every rule axe has, WCAG 2.2 AA and best practices alike; none is turned off.
RUN_OPTIONS = {"resultTypes": ["violations"]}


def axe_path() -> Path:
    if not AXE.is_file():
        pytest.fail(
            f"the accessibility tests need axe-core at {AXE}: run scripts/install-axe.sh "
            "(make test does) or set GAMETABLE_AXE",
            pytrace=False,
        )
    return AXE


def violations(page: Any, include: list[str] | None = None) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (of any impact), each as ``{"id", "impact",
    "help", "targets": [[selector…], …], "summary"}``; ``include``: CSS selectors of the
    regions to check (all of the page when not given)."""
    # A dialog fading in is not yet its final colours: let entrance animations end.
    page.wait_for_function(
        "document.getAnimations().every((a) => a.playState !== 'running'"
        " || a.effect.getComputedTiming().iterations === Infinity)"
    )
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_path()))
    context: Any = {"include": [[s] for s in include]} if include else None
    found = page.evaluate(
        "([context, options]) => axe.run(context || document, options)"
        " .then((r) => r.violations.map((v) => ({"
        " id: v.id, impact: v.impact, help: v.help,"
        " targets: v.nodes.map((n) => n.target),"
        " summary: v.nodes.map((n) => n.failureSummary).slice(0, 3) })))",
        [context, RUN_OPTIONS],
    )
    return list(found)


def described(found: list[dict[str, Any]]) -> str:
    """Violations as lines a person reads in a failed assertion."""
    lines = []
    for v in found:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        for target, summary in zip(
            v["targets"], v["summary"] + [""] * len(v["targets"]), strict=False
        ):
            lines.append(f"    {target} {summary.splitlines()[1:2] if summary else ''}")
    return "\n".join(lines)
