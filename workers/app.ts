import { createRequestHandler, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/middleware/cloudflare";
import { csrfRefusal, isCrossSiteWrite } from "~/middleware/csrf";
import { checkRequestBody } from "~/middleware/request-body";
import { runRatesRefresh } from "~/rates/refresh.server";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  async fetch(request, env, ctx) {
    // Checked here as well as in the root middleware: React Router's own origin check
    // would otherwise answer a foreign Origin with 400 before any middleware runs.
    if (isCrossSiteWrite(request)) return csrfRefusal(request);
    // Decision 013: the body size limit and the form-only rule for web writes, before any action reads a body.
    const checked = await checkRequestBody(request);
    if (checked instanceof Response) return checked;
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return requestHandler(checked, context);
  },
  // The cron trigger of wrangler.jsonc: refresh the exchange rates (ARCHITECTURE.md 4).
  // waitUntil keeps the Worker alive until the job has written its rates and recorded the run.
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runRatesRefresh(env, { now: new Date(controller.scheduledTime) }));
  },
} satisfies ExportedHandler<Env>;
