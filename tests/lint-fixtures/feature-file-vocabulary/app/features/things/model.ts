export const THING_NAME_MAX = 50;
