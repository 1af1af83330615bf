import type { Messages } from "..";
import type { reports as en } from "../en/reports";

export const reports = {
  metaTitle: "Informes",
  title: "Informes",
  subtitle: "Tus ingresos y gastos de un mes o de cualquier período, en USD y en cada moneda.",
  period: {
    nav: "Elige el mes",
    previous: "Mes anterior: {{month}}",
    next: "Mes siguiente: {{month}}",
    nextDisabled: "Mes siguiente (aún no)",
    previousDisabled: "Mes anterior (las fechas empiezan en enero de 1900)",
    current: "Este mes",
    range: "Período personalizado",
    from: "Desde",
    to: "Hasta",
    apply: "Mostrar",
    showing: "{{from}} – {{to}}",
    endBeforeStart: "La fecha final es anterior a la inicial",
  },
  tiles: {
    title: "El período en USD",
    income: "Ingresos totales",
    expenses: "Gastos totales",
    net: "Balance neto",
    currencies: "Monedas usadas",
  },
  byCurrency: {
    title: "Por moneda",
    subtitle: "Cada moneda en sus propias unidades, con su equivalente en USD a las tasas registradas.",
  },
  charts: {
    title: "Gráficos",
    choose: "Elige un gráfico",
    pie: "Gastos por categoría",
    bar: "Ingresos y gastos por día",
    barWeekly: "Ingresos y gastos por semana",
    barMonthly: "Ingresos y gastos por mes",
    trend: "Tendencia de gastos y balance",
    tableNote: "Las cifras que muestra el gráfico:",
  },
  categories: {
    title: "Categorías con más gasto",
    category: "Categoría",
    amount: "Monto (USD)",
    percent: "Parte del total",
    uncategorised: "Sin categoría",
    empty: "No hay gastos en este período.",
  },
  days: {
    date: "Fecha",
    week: "Semana del",
    month: "Mes",
    income: "Ingresos",
    expenses: "Gastos",
    balance: "Balance acumulado",
  },
  empty: {
    title: "No hay transacciones en este período",
    text: "Elige otro mes o período, o registra una transacción.",
    action: "Agregar una transacción",
  },
  export: {
    button: "Exportar CSV",
    failed: "No se pudieron exportar los datos",
  },
  dashboard: {
    pieTitle: "Gastos de este mes por categoría",
    pieEmpty: "Aún no hay gastos este mes.",
    barTitle: "Los últimos 7 días",
    barEmpty: "No hay ingresos ni gastos en los últimos 7 días.",
  },
} satisfies Messages<typeof en>;
