import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context.server";
import { mailer, type Mailer } from "./mailer.server";

/** The request's mailer (decision 034), for a route to hand a feature's command. */
export function contextMailer(context: Readonly<RouterContextProvider>): Mailer {
  const { env, ctx } = context.get(cloudflareContext);
  return mailer(env, ctx);
}
