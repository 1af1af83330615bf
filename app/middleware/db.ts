import type { MiddlewareFunction } from "react-router";
import { cloudflareContext, dbContext, envContext } from "~/context.server";
import { parseEnv } from "~/env.server";
import { createDb } from "~/platform/db/client.server";

export const dbMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const env = parseEnv(context.get(cloudflareContext).env);
  context.set(envContext, env);
  context.set(dbContext, createDb(env));
  return next();
};
