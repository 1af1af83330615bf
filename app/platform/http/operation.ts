import { z } from "zod";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** public: anyone; user: a valid bearer access token; superadmin: and the superadmin role. */
export type ApiAccess = "public" | "user" | "superadmin";

/**
 * One endpoint's contract: the zod schemas the request wrapper validates with and
 * the OpenAPI document is generated from, so the two cannot drift apart.
 */
export type ApiOperation = {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI path template, e.g. "/api/users/{id}". */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: ApiAccess;
  /** The JSON body (POST, PUT, PATCH, DELETE). Messages are locale keys. */
  body?: z.ZodType;
  /**
   * A body that is not JSON (a file upload): its media types, each with the shape it is
   * documented as. The request wrapper leaves it unread (no 415 for not being JSON); the handler
   * reads it, answering 415 for any other type and 400 for a body it cannot use.
   */
  upload?: { contentTypes: Record<string, z.ZodType>; maxBytes: number };
  /** An object schema over the query string; values arrive as strings, so coerce. */
  query?: z.ZodType;
  /** Path parameters: name → description. */
  params?: Record<string, string>;
  /** The schema of `data` in the success envelope. Documentation and types only; not checked at run time. */
  response: z.ZodType;
  /** 200 unless the operation creates something (201), or only accepts work done after the answer (202). */
  successStatus?: 200 | 201 | 202;
  /** Error statuses beyond the ones every operation can answer (400/401/403/415/500 as applicable). */
  errorStatuses?: number[];
  /** True when the answer is not an envelope (e.g. the OpenAPI document itself). */
  rawResponse?: boolean;
  /** The media type of a success that is not JSON (a CSV file), or the types it may be; each documented as a string of that type (binary unless text). */
  successContentType?: string | readonly string[];
};

export function defineOperation<const O extends ApiOperation>(operation: O): O {
  return operation;
}

export type BodyOf<O extends ApiOperation> = O extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
export type QueryOf<O extends ApiOperation> = O extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined;
export type ResponseOf<O extends ApiOperation> = z.output<O["response"]>;

/**
 * The body of an operation whose rules need the request's data (a savings goal's amounts are
 * read at its currency's decimals, which live in the database): the endpoint only reads the
 * JSON, the handler validates it with the schema built for the request (validateInput), and
 * the OpenAPI document shows `shape`'s input side all the same.
 */
export function bodyCheckedByHandler(shape: z.ZodType): z.ZodType<unknown> {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(shape, { io: "input", target: "draft-2020-12", unrepresentable: "any" });
  return z.unknown().meta(documented);
}

/**
 * A list answered where the spec's client reads it (data.data.<key>, spec section 7) and at
 * data.<key> for every other client: the answer's schema here, the answer from `listedTwice`.
 */
export function listedTwiceSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  const list = z.array(item);
  const shape = { [key]: list, data: z.object({ [key]: list } as Record<Key, typeof list>) };
  return z.object(shape as Record<Key, typeof list> & { data: z.ZodObject<Record<Key, typeof list>> });
}

/** The answer of a `listedTwiceSchema`: the one list, at both places. */
export function listedTwice<Key extends string, Item>(key: Key, items: Item[]) {
  return { [key]: items, data: { [key]: items } } as Record<Key, Item[]> & { data: Record<Key, Item[]> };
}

/** A DELETE's answer: the deleted record's id and the spec's message in the request's language. */
export function deletedResult(record: string, message: string) {
  return z.object({
    id: z.string().meta({ description: `The deleted ${record}'s id` }),
    message: z.string().meta({ description: `${message}, in the request's language` }),
  });
}
