import type { Messages } from "..";
import { admin } from "./admin";
import { auth } from "./auth";
import { budgets } from "./budgets";
import { categories } from "./categories";
import { common } from "./common";
import { dashboard } from "./dashboard";
import { errors } from "./errors";
import { landing } from "./landing";
import { money } from "./money";
import { profile } from "./profile";
import { reports } from "./reports";
import { settings } from "./settings";
import { tags } from "./tags";
import { transactionForm } from "./transaction-form";
import { transactions } from "./transactions";
import { validation } from "./validation";

export const es = { common, auth, dashboard, errors, landing, profile, admin, validation, categories, tags, money, settings, transactionForm, transactions, budgets, reports } satisfies Messages;
