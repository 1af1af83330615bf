import { admin } from "./admin";
import { auth } from "./auth";
import { api } from "./api";
import { budgets } from "./budgets";
import { categories } from "./categories";
import { dashboard } from "./dashboard";
import { help } from "./help";
import { importFile } from "./import";
import { landing } from "./landing";
import { profile } from "./profile";
import { recurring } from "./recurring";
import { reports } from "./reports";
import { settings } from "./settings";
import { shell } from "./shell";
import { tags } from "./tags";
import { transactionForm } from "./transaction-form";
import { transactions } from "./transactions";

export const en = { ...shell, auth, categories, dashboard, landing, profile, admin, tags, settings, transactionForm, transactions, budgets, reports, help, api, recurring, import: importFile };
