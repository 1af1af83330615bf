import { createContext, type MiddlewareFunction } from "react-router";
import { createDb, type Db } from "~/db/client.server";
import { parseEnv, type AppEnv } from "~/env.server";
import { cloudflareContext } from "./cloudflare";

export const envContext = createContext<AppEnv>();
export const dbContext = createContext<Db>();

export const dbMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const env = parseEnv(context.get(cloudflareContext).env);
  context.set(envContext, env);
  context.set(dbContext, createDb(env));
  return next();
};
