// The end-to-end smoke in Firefox: boot, a turn, and (with a service worker) an offline reload.
//
// Run by tests/engines/test_engines.py, which serves the site and reads what this prints:
//
//   node tests/engines/firefox_smoke.mjs FIREFOX BASE_URL TIMEOUT_MS SCORED [OTHER_HOST_URL]
//
// SCORED: an expression true once Chance is scored (test_engines.py's, the same as WebKit's).
// OTHER_HOST_URL: the same site from another kind of host, where the game boots first ("booted-there"), before
// the visit to BASE_URL (a boot costs seconds: the turn and the offline reload are played on one host only).
//
// Firefox (Debian's firefox-esr) is driven headless by puppeteer-core over WebDriver BiDi: no
// geckodriver, and puppeteer-core never downloads a browser. Every wait polls a condition.
// Each step prints one JSON line on stdout. After the turn, when a service worker controls the
// page, it prints {"step": "controlled"} and waits for one line on stdin: the test has shut the
// server down by then, so the reload that follows is really offline.
import { createInterface } from "node:readline";
import puppeteer from "puppeteer-core";

const [executablePath, base, timeoutArg, scored, otherHost] = process.argv.slice(2);
const timeout = Number(timeoutArg || 90_000);
const START = "/?rules=yahtzee&players=Ann&seed=31";
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();

function say(step, details = {}) {
  process.stdout.write(JSON.stringify({ step, ...details }) + "\n");
}

async function ready(page) {
  // data-ready is "true" once Python has bound the page, "failed" when the boot watchdog gave up.
  await page.waitForFunction(() => document.documentElement.dataset.ready, { timeout, polling: 100 });
  const state = await page.evaluate(() => document.documentElement.dataset.ready);
  if (state !== "true") {
    const why = await page.evaluate(() => document.getElementById("boot-error")?.textContent || "");
    throw new Error(`the game did not boot (data-ready=${state}): ${why}`);
  }
}

async function faces(page) {
  return page.$$eval("#dice button", (buttons) =>
    buttons.map((b) => {
      const match = /showing (\d+)/.exec(b.getAttribute("aria-label") || "");
      return match ? Number(match[1]) : null;
    }),
  );
}

async function roll(page) {
  // Press Roll when it is enabled, then wait until the status says which roll this is.
  const before = await page.$eval("#status", (s) => s.textContent);
  await page.waitForFunction(() => !document.getElementById("roll-button").disabled, { timeout, polling: 100 });
  await page.click("#roll-button");
  await page.waitForFunction(
    (old) => document.getElementById("status").textContent !== old &&
      [...document.querySelectorAll("#dice button")].every((b) => /showing \d/.test(b.getAttribute("aria-label"))),
    { timeout, polling: 100 },
    before,
  );
}

async function cell(page, row) {
  return page.$eval(`#scorecard td[data-row='${row}'][data-player='0']`, (td) => td.textContent.trim());
}

async function main() {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath,
    headless: true,
    protocol: "webDriverBiDi",
    timeout,
    extraPrefsFirefox: {
      // On by default; said here because the offline step needs it (127.0.0.1 is a secure context).
      "dom.serviceWorkers.enabled": true,
    },
  });
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(timeout);
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));

    // Boot (on the other host first, where one is given).
    async function boot(url) {
      const began = Date.now();
      await page.goto(url + START, { waitUntil: "load" });
      await ready(page);
      const [worker, sharing, python] = await page.evaluate(() => [document.querySelector('script[type="py"]') === null,
        crossOriginIsolated && typeof SharedArrayBuffer === "function", document.documentElement.dataset.python]);
      return { seconds: (Date.now() - began) / 1000, version: await browser.version(), worker, sharing, python };
    }
    if (otherHost) say("booted-there", await boot(otherHost));
    say("booted", await boot(base));

    // A turn: roll, hold die 1, roll again, score Chance.
    await roll(page);
    const first = await faces(page);
    await page.click("#dice button:nth-child(1)");
    await page.waitForFunction(
      () => document.querySelector("#dice button").getAttribute("aria-pressed") === "true",
      { timeout, polling: 100 },
    );
    await roll(page);
    const second = await faces(page);
    const chance = await page.waitForSelector("#scorecard button.choice[aria-label^='Chance, ']");
    const offered = await chance.evaluate((b) => b.getAttribute("aria-label"));
    await chance.click();
    await page.waitForFunction(scored, { timeout, polling: 100 });
    say("turn", {
      first,
      second,
      offered,
      chance: await cell(page, "chance"),
      total: await cell(page, "grand_total"),
      status: await page.$eval("#status", (s) => s.textContent),
      errors,
    });

    // Offline reload, where the engine has service workers.
    const support = await page.evaluate(() => ({
      serviceWorker: "serviceWorker" in navigator,
      secure: window.isSecureContext,
    }));
    if (!support.serviceWorker || !support.secure) {
      say("no-service-worker", support);
      return;
    }
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout, polling: 200 });
    // The game fetches its advisor table a few seconds into a match (game.app.table.PREFETCH_SECONDS);
    // a reload while that fetch is in flight aborts it, and Firefox logs the aborted request as an
    // error ("A ServiceWorker intercepted the request and encountered an unexpected error"), which
    // under a slow machine's timing lands in `errors`. So the reload waits until the table has come
    // and the page has answered everything, as a player's reload between turns would.
    await page.waitForFunction(
      () => performance.getEntriesByType("resource").some((entry) => entry.name.includes("/static/tables/")),
      { timeout, polling: 100 },
    );
    await page.evaluate(() => window.yachtPage.answered());
    say("controlled");
    await lines.next(); // the test shuts the server down, then answers
    const again = Date.now();
    await page.reload({ waitUntil: "load" });
    await ready(page);
    await roll(page);
    say("offline", {
      seconds: (Date.now() - again) / 1000,
      controlled: await page.evaluate(() => navigator.serviceWorker.controller !== null),
      dice: await faces(page),
      chance: await cell(page, "chance"),
      status: await page.$eval("#status", (s) => s.textContent),
      errors,
    });
  } finally {
    await browser.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    say("error", { message: String(error && error.stack ? error.stack : error) });
    process.exit(1);
  },
);
