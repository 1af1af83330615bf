// Form errors travel as strings (Conform's field errors, zod issue messages) and are translated
// where they are shown. A message that needs values ("“1.234” could be 1234 or 1,234") carries
// them after its key as JSON, and the place that translates splits them off again.

const SEPARATOR = "|";

/** "validation.numberAmbiguous" + { input: "1.234", … } → one error string. */
export function messageWithValues(key: string, values: Record<string, string>): string {
  return `${key}${SEPARATOR}${JSON.stringify(values)}`;
}

/** An error string → its message key and the values for its placeholders. */
export function splitMessage(message: string): { key: string; values?: Record<string, string> } {
  const at = message.indexOf(SEPARATOR);
  if (at === -1) return { key: message };
  try {
    return { key: message.slice(0, at), values: JSON.parse(message.slice(at + 1)) as Record<string, string> };
  } catch {
    return { key: message };
  }
}
