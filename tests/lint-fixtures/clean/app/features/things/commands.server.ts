export const createThing = (actor: unknown) => actor;
