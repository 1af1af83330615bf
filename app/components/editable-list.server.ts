import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { z } from "zod";
import { ITEM_PARAM, itemAnchor, listIntents, type ListActionResult, type ListIntents } from "./editable-list";
import { withUndo, type UndoKind } from "./undo";
import { undoRefusals, type UndoRefusal } from "~/platform/http/undo-refusals";

// The action side of an editable list page (editable-list.tsx): the intents it posts, the
// redirect with ?saved=… after a write, and the answer that keeps a refused form open.

/** A write's outcome; a create's names the new row (`id`) so the page can land at it. */
type Outcome<Refusal extends string> = { kind: "ok"; id?: string } | { kind: Refusal };

/** A command's outcome with the new row's id beside "ok" (for `create`). */
export async function withRowId<O extends { kind: string }>(outcome: Promise<O>, idOf: (ok: Extract<O, { kind: "ok" }>) => string) {
  const answer = await outcome;
  return answer.kind === "ok" ? { kind: "ok" as const, id: idOf(answer as Extract<O, { kind: "ok" }>) } : (answer as Exclude<O, { kind: "ok" }>);
}

/** A page address with the row a write landed at: ?item=id and its element's id as the fragment, else the list's heading. */
export function landingHref(href: string, anchors: { item: string; list: string }, id?: string): string {
  const url = new URL(href, "http://page.invalid");
  if (id) url.searchParams.set(ITEM_PARAM, id);
  return `${url.pathname}${url.search}#${id ? itemAnchor(anchors.item, id) : anchors.list}`;
}

export type EditableListWrites<Schema extends z.ZodType<object>, Refusal extends string> = {
  /** The page's path, where a write redirects to. */
  page: string;
  /** What the log line of an unexpected failure calls the item. */
  noun: string;
  schema: Schema;
  /** Each refusal's status and message key, and the field it belongs to (the feature's errors.ts). */
  refusals: Record<Refusal, { status: number; message: string; field?: string }>;
  /** What the page says when a write fails unexpectedly (a 500). */
  failures: Record<"create" | "update" | "delete", string>;
  create: (input: z.output<Schema>) => Promise<Outcome<Refusal>>;
  update: (input: z.output<Schema> & { id: string }) => Promise<Outcome<Refusal>>;
  delete: (input: { id: string }) => Promise<Outcome<Refusal>>;
  /** The list's intents, when the page has more than one list (listIntentsFor). */
  intents?: ListIntents;
  /** Where a write redirects, given the ?saved= flag; the page itself by default. */
  savedTo?: (saved: string) => string;
  /** Where on that page it lands: the prefix of a row's element id (itemAnchor), and the list heading's id. */
  anchors: { item: string; list: string };
  /**
   * Undo of a delete (issue 27, decision 035): the kind the delete's redirect names in ?undo=, and
   * the feature's restore command that the list's undo intent runs.
   */
  undo?: { kind: UndoKind; restore: (input: { id: string }) => Promise<{ kind: "ok" } | { kind: UndoRefusal }> };
};

/** Runs the posted intent through the feature's commands; an unknown intent is a 400. */
export async function editableListAction<Schema extends z.ZodType<object>, Refusal extends string>(
  formData: FormData,
  writes: EditableListWrites<Schema, Refusal>,
) {
  const intents = writes.intents ?? listIntents;
  const savedTo = (op: "created" | "updated" | "deleted" | "restored", rowId?: string) => {
    const saved = `${intents.savedPrefix}${op}`;
    return landingHref(writes.savedTo ? writes.savedTo(saved) : `${writes.page}?saved=${saved}`, writes.anchors, rowId);
  };
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");

  if (intent === intents.delete) {
    try {
      const outcome = await writes.delete({ id });
      if (outcome.kind === "ok") return redirect(writes.undo ? withUndo(savedTo("deleted"), writes.undo.kind, id) : savedTo("deleted"));
      const { status, message } = writes.refusals[outcome.kind as Refusal];
      // What the refusal knows besides its kind (a category's usage counts) goes to the page too.
      const { kind: _kind, ...facts } = outcome as { kind: string } & Record<string, unknown>;
      return data<ListActionResult>({ intent, op: "delete", id, error: message, ...(Object.keys(facts).length ? { facts } : {}) }, { status });
    } catch (cause) {
      console.error(`${writes.noun} delete failed`, cause);
      return data<ListActionResult>({ intent, op: "delete", id, error: writes.failures.delete }, { status: 500 });
    }
  }
  if (writes.undo && intents.undo !== undefined && intent === intents.undo) {
    try {
      const outcome = await writes.undo.restore({ id });
      // Back on the list, at the restored row, with "restored".
      if (outcome.kind === "ok") return redirect(savedTo("restored", id));
      const { status, message } = undoRefusals[outcome.kind];
      return data<ListActionResult>({ intent, op: "delete", id, error: message }, { status });
    } catch (cause) {
      console.error(`${writes.noun} restore failed`, cause);
      return data<ListActionResult>({ intent, op: "delete", id, error: "errors.internal" }, { status: 500 });
    }
  }
  if (intent !== intents.create && intent !== intents.update) {
    throw data({ message: `Unknown intent: ${String(intent)}` }, { status: 400 });
  }
  const op = intent === intents.create ? "create" : "update";

  const submission = parseWithZod(formData, { schema: writes.schema });
  const reply = (result: SubmissionResult<string[]>, status: number) =>
    data<ListActionResult>({ intent, op, id: op === "update" ? id : null, result }, { status });
  if (submission.status !== "success") return reply(submission.reply(), 400);
  let landed: string | undefined = op === "update" ? id : undefined;
  try {
    const outcome = op === "create" ? await writes.create(submission.value) : await writes.update({ ...submission.value, id });
    if (outcome.kind !== "ok") {
      const { status, message, field } = writes.refusals[outcome.kind as Refusal];
      return reply(submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }), status);
    }
    if (op === "create" && "id" in outcome) landed = outcome.id;
  } catch (cause) {
    console.error(`${writes.noun} ${op} failed`, cause);
    return reply(submission.reply({ formErrors: [writes.failures[op]] }), 500);
  }
  return redirect(savedTo(op === "create" ? "created" : "updated", landed));
}
