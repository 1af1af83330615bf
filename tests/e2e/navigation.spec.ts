import { expect, test } from "@playwright/test";

// React Router 8.4 leaves the rest of an aborted navigation's data stream without a handler
// (entry.client.tsx says when; the window is too narrow to hit on purpose from a test), so the
// page's own handling of unhandled rejections is checked with the error the browser gives that
// stream. The plain Playwright test, not support.ts's: this journey makes a page error on purpose.
test("an aborted fetch left unhandled is not reported as an error; another unhandled rejection still is", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the handler is part of the page's scripts");
  const reported: string[] = [];
  page.on("pageerror", (error) => reported.push(error.message));
  await page.goto("/auth/login");
  // The handler is added before hydration; once the page is idle its scripts have all run.
  await page.waitForLoadState("networkidle");

  await page.evaluate(async () => {
    // A body aborted midway, and a promise that waits for its end with no handler, as turbo-stream's
    // `done` does (a reader's own `closed` counts as handled; a promise derived from it does not).
    const body = new ReadableStream({
      start(controller) {
        controller.error(new DOMException("BodyStreamBuffer was aborted", "AbortError"));
      },
    });
    const reader = body.getReader();
    void Promise.resolve().then(() => reader.closed);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

  const failure = page.waitForEvent("pageerror");
  await page.evaluate(() => {
    void Promise.reject(new Error("a real failure"));
  });
  expect((await failure).message).toBe("a real failure");
  expect(reported).toEqual(["a real failure"]);
});
