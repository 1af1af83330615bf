// Spanish glossary (issue 23): one term per concept, so later work keeps the words the app uses.
// - Register: tú throughout ("Elige", "Inicia sesión", "tu cuenta"), never usted. Latin American
//   vocabulary: "monto", "billetera", "auto", "agregar" (not "añadir"), "ingresar una tasa" /
//   "escribir una fecha" (not "introducir"), "período" with its accent.
// - A person is addressed without gender: "Te damos la bienvenida", "Hola de nuevo", "¿Todo
//   listo…?", never "Bienvenido" or "¿Listo…?".
// - Money: "ingreso" / "gasto" (INCOME / EXPENSE), "transacción", "pago", "método de pago",
//   "moneda", "tasa de cambio" (never "tipo de cambio"), "balance neto", "equivalente en USD".
// - Organising: "categoría" (predeterminada / tuya), "etiqueta", "presupuesto" (excedido, cerca
//   del límite), "meta de ahorro" (short: "meta"; "objetivo" is its target amount or date).
// - Pages: "Panel", "Transacciones", "Informes" (never "Reportes"), "Presupuestos y metas",
//   "Administración", "Configuración del sistema".
// - Roles: the superadmin role is "administrador" in every text (badge, filter, "Hacer
//   administrador", activity); API values (superadmin, user) stay as they are.
// - Marks: ¿…? and ¡…! open and close; a space after "⚠"; «…» around quoted names.
import type { Messages } from "..";
import { admin } from "./admin";
import { auth } from "./auth";
import { api } from "./api";
import { budgets } from "./budgets";
import { categories } from "./categories";
import { dashboard } from "./dashboard";
import { help } from "./help";
import { importFile } from "./import";
import { landing } from "./landing";
import { mail } from "./mail";
import { profile } from "./profile";
import { recurring } from "./recurring";
import { reports } from "./reports";
import { settings } from "./settings";
import { shell } from "./shell";
import { tags } from "./tags";
import { transactionForm } from "./transaction-form";
import { transactions } from "./transactions";

export const es = { ...shell, auth, categories, dashboard, landing, profile, admin, tags, settings, transactionForm, transactions, budgets, reports, help, api, recurring, import: importFile, mail } satisfies Messages;
