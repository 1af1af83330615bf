// A one-off kind of file: its code belongs in model.ts (pure), queries.server.ts or page.server.ts.
export const thingLabel = (name: string) => name.trim();
