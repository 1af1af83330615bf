import { z } from "zod";
import { toMinor } from "../money/amounts";
export const dayField = () => z.string().refine((day) => toMinor(day.slice(8, 10)) > 0);
