// Moved to app/calendar/fields.ts (this forwarding file is removed by the codemod that rewrites its importers).
export * from "~/calendar/fields";
