// Moved to app/calendar/ (this forwarding file is removed by the codemod that rewrites its importers).
export * from "~/calendar/days";
export * from "~/calendar/months";
export * from "~/calendar/range";
export * from "~/calendar/format";
