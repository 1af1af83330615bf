import type { IncomingMessage, ServerResponse } from "node:http";

// What every loopback fake (the rate provider, the libSQL server) does with a request's body and
// its answer, so the fakes differ only in the protocol they speak.

/** Answers once: a request the client already dropped (a timeout test) gets nothing. */
export function send(res: ServerResponse, status: number, type: string, body: string) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
  res.end(body);
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/**
 * A fake's state per channel (the first path segment): test files running in parallel each name
 * their own, so none switches the fake under another. A channel starts from `fresh()` when first used.
 */
export function channelStore<State>(fresh: () => State): (name: string) => State {
  const channels = new Map<string, State>();
  return (name) => {
    let state = channels.get(name);
    if (!state) channels.set(name, (state = fresh()));
    return state;
  };
}
