import { z } from "zod";
export const NAME_MAX = z.string().max(10);
