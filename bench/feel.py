"""Roll → dice shown: how long a roll takes to reach the screen now that thrown dice tumble (issue: the feel).

Headless Chromium on the built dist/, one person's game of Yahtzee, every turn rolled three times:

- *dice updated*: ``click()`` on Roll from inside the page at the start of a frame (the Python
  handler runs synchronously) plus a forced style and layout: the work a roll costs before the
  browser can paint; and the time from that click to the next frame's start: one frame interval
  when the roll's work fits in the frame (a roll that misses it counts);
- *first frame*: the Event Timing API's duration of a real (trusted) click on Roll: from the input
  to the next frame presented, in 8 ms steps, vsync wait included (what Chromium counts for INP).

    .venv/bin/python -m bench.feel [--turns 13] [--no-build] [--reduced-motion] [--sound on|off]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from playwright.sync_api import sync_playwright

from bench.inpage import ROOT
from tools import browser
from tools.build import build
from tools.serve import serve_in_background

SETTLE_SECONDS = 2.0  # after ready: the snapshot's warm-up turns are over
OBSERVE = """() => {
  window.__rollEvents = [];
  new PerformanceObserver(list => {
    for (const entry of list.getEntries()) {
      if (entry.name === "click" && entry.target && entry.target.id === "roll-button") window.__rollEvents.push(
        {duration: entry.duration, processing: entry.processingEnd - entry.processingStart});
    }
  }).observe({type: "event", durationThreshold: 16, buffered: false});
}"""
# A roll pressed (pointerdown), then clicked at the start of the next frame (inside requestAnimationFrame), as a tap
# is: the click handler's time, and the time to the next
# frame's start. When the roll's work (handler, style, layout, paint) fits in one frame, that is one frame interval.
FRAMED_ROLL = """async () => {
  const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
  const idle = [];
  for (let i = 0; i < 3; i++) { const a = await frame(); const b = await frame(); idle.push(b - a); }
  const button = document.getElementById("roll-button");
  button.dispatchEvent(new PointerEvent("pointerdown", {bubbles: true}));  // as a tap: pressed a frame or more before its click
  await frame();
  const t0 = performance.now();
  button.click();
  void document.body.offsetHeight;
  const handled = performance.now() - t0;
  const next = await frame();
  return {handled, next: next - t0, idle: Math.min(...idle)};
}"""
SETTLED = "() => Promise.all(document.getAnimations().map(a => a.finished.catch(() => null))).then(() => true)"
SCORE = "() => document.querySelector('#scorecard button.choice').click()"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def measure(turns: int, reduced: bool, no_build: bool, sound: str | None = None) -> dict:
    if not no_build:
        build(ROOT / "dist")
    server = serve_in_background(ROOT / "dist", 0)
    try:
        with sync_playwright() as p:
            chromium = p.chromium.launch(executable_path=str(browser.ensure()), args=browser.launch_args())
            context = chromium.new_context(
                reduced_motion="reduce" if reduced else "no-preference", viewport={"width": 390, "height": 844}
            )
            if sound is not None:
                context.add_init_script(f"localStorage.setItem('yacht-dice/sound', '{sound}')")
            page = context.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/?rules=yahtzee&players=Ann&seed=2026")
            page.wait_for_selector("html[data-ready='true']", timeout=60_000)
            time.sleep(SETTLE_SECONDS)
            page.evaluate(OBSERVE)
            updated, trusted, framed = [], 0, []
            for turn in range(turns):
                for roll in range(3):
                    if (turn + roll) % 2:  # alternate: a trusted click (Event Timing), then one at a frame's start
                        page.locator("#roll-button").click()
                        trusted += 1
                    else:
                        framed.append(page.evaluate(FRAMED_ROLL))
                        updated.append(framed[-1]["handled"])
                    page.evaluate(SETTLED)
                page.evaluate(SCORE)
            time.sleep(0.5)
            events = page.evaluate("() => window.__rollEvents")
            version = chromium.version
            chromium.close()
    finally:
        server.shutdown()
        server.server_close()
    durations = [e["duration"] for e in events]
    return {
        "chromium": version,
        "reduced_motion": reduced,
        "sound": sound or "default",
        "rolls_updated": len(updated),
        "rolls_trusted": trusted,
        "updated_p50": statistics.median(updated),
        "updated_p95": percentile(updated, 0.95),
        # Event Timing reports only clicks of 16 ms or more: the rest reached the screen sooner
        "frame_reported": len(durations),
        "frame_p50": percentile(durations + [0.0] * (trusted - len(durations)), 0.5),
        "frame_p95": percentile(durations + [0.0] * (trusted - len(durations)), 0.95),
        "processing_p95": percentile([e["processing"] for e in events], 0.95) if events else 0.0,
        "next_frame_p50": statistics.median(f["next"] for f in framed),
        "next_frame_p95": percentile([f["next"] for f in framed], 0.95),
        "idle_frame": statistics.median(f["idle"] for f in framed),
        "frames_missed": sum(f["next"] > 1.5 * f["idle"] for f in framed),
        "missed_rolls": [
            i + 1 for i, f in enumerate(framed) if f["next"] > 1.5 * f["idle"]
        ],  # 1 is the visit's first roll
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=13)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--reduced-motion", action="store_true")
    parser.add_argument("--sound", choices=("on", "off"), help="the Sound switch (default: as a new visitor finds it)")
    args = parser.parse_args(argv)
    figures = measure(args.turns, args.reduced_motion, args.no_build, args.sound)
    print(json.dumps(figures, indent=2))
    frames = (
        f"{figures['frame_reported']} of {figures['rolls_trusted']} trusted clicks took 16 ms or more to the next frame"
    )
    print(
        f"Roll → dice updated (handler + layout): p50 {figures['updated_p50']:.1f} ms, p95 {figures['updated_p95']:.1f} ms "
        f"(n={figures['rolls_updated']})"
    )
    print(
        f"Roll at a frame's start → next frame: p50 {figures['next_frame_p50']:.1f} ms, p95 {figures['next_frame_p95']:.1f} ms "
        f"(an idle frame: {figures['idle_frame']:.1f} ms; rolls that missed the next frame: {figures['frames_missed']} of {figures['rolls_updated']})"
    )
    print(
        f"Roll → next frame presented (Event Timing, trusted clicks, 8 ms steps, input and present included): "
        f"p50 {figures['frame_p50']:.0f} ms, p95 {figures['frame_p95']:.0f} ms; {frames}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
