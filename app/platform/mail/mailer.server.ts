import { appLink, mailConfig, type MailConfig } from "./config.server";
import { sendAfterResponse, type MailMessage, type MailResult, type SendOptions } from "./send.server";

// What a route hands a feature's command (features read services as arguments, CONVENTIONS.md):
// the request's mail configuration, its links on APP_URL, and a send that runs after the
// answer. A route builds it from cloudflareContext:
//   const { env, ctx } = context.get(cloudflareContext);
//   await requestPasswordReset(db, input, { mailer: mailer(env, ctx) });

export type Mailer = {
  config: MailConfig;
  /** APP_URL + path; null when APP_URL is missing (the send then reports "not configured"). */
  link(path: string): string | null;
  /** Queues the message after the answer (ctx.waitUntil); resolves when it is over, never rejects. */
  send(message: MailMessage): Promise<MailResult>;
};

export function mailer(env: object, ctx: Pick<ExecutionContext, "waitUntil">, options: SendOptions = {}): Mailer {
  const config = mailConfig(env);
  return {
    config,
    link: (path) => appLink(config, path),
    send: (message) => sendAfterResponse(ctx, config, message, options),
  };
}

/**
 * Work a route starts once its answer has gone out (ctx.waitUntil keeps the Worker alive for it):
 * `delayMs` later, so it does not compete with sending the answer (issue 25: a forgot-password
 * answer must not take longer for an address that has an account; npm run bench -- --forgot).
 */
export function afterAnswer(ctx: Pick<ExecutionContext, "waitUntil">, delayMs = 50) {
  return (start: () => Promise<unknown>) => {
    ctx.waitUntil(new Promise((resolve) => setTimeout(resolve, delayMs)).then(start));
  };
}
