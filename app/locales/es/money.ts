import type { Messages } from "..";
import type { money as en } from "../en/money";

export const money = {
  types: { INCOME: "Ingreso", EXPENSE: "Gasto" },
  paymentMethods: {
    cash: "Efectivo",
    credit_card: "Tarjeta de crédito",
    debit_card: "Tarjeta de débito",
    bank_transfer: "Transferencia bancaria",
    digital_wallet: "Billetera digital",
    check: "Cheque",
    other: "Otro",
  },
  deleteTransaction: {
    question: "¿Seguro que quieres eliminar esta transacción?",
    detail: "Se eliminarán «{{description}}» y sus pagos. No se puede deshacer.",
  },
  byCurrency: { currency: "Moneda", income: "Ingresos", expenses: "Gastos", net: "Neto", count: "Transacciones" },
  staleRate_one: "Tasa del {{date}}, de hace {{count}} día",
  staleRate_other: "Tasa del {{date}}, de hace {{count}} días",
  rateAge_zero: "de hoy",
  rateAge_one: "de hace {{count}} día",
  rateAge_other: "de hace {{count}} días",
  rateSources: { fixed: "Fija", manual: "Ingresada a mano", snapshot: "Incluida con la app", provider: "Proveedor de tasas" },
  currencyNames: {
    USD: "Dólar estadounidense",
    EUR: "Euro",
    VES: "Bolívar venezolano",
    COP: "Peso colombiano",
    MXN: "Peso mexicano",
    GBP: "Libra esterlina",
    JPY: "Yen japonés",
    CAD: "Dólar canadiense",
    AUD: "Dólar australiano",
  },
  /** Una tasa conocida que se ofrece cuando ninguna fuente tiene la del día; nunca se aplica sola (decisión 037). */
  rateSuggestion: {
    earlier_one: "Tasa del {{date}}, {{count}} día antes — edítala si hace falta",
    earlier_other: "Tasa del {{date}}, {{count}} días antes — edítala si hace falta",
    later_one: "Tasa del {{date}}, {{count}} día después — edítala si hace falta",
    later_other: "Tasa del {{date}}, {{count}} días después — edítala si hace falta",
    sameDay: "Tasa del {{date}} — edítala si hace falta",
    use: "Usar esta tasa",
  },
} satisfies Messages<typeof en>;
