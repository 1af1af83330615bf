import type { Messages } from "..";
import type { landing as en } from "../en/landing";

export const landing = {
  metaTitle: "Tallyworth · Finanzas multimoneda",
  metaDescription:
    "Registra ingresos y gastos en todas las monedas que usas, con presupuestos, metas, informes y exportación CSV. Pruébalo gratis 14 días, sin tarjeta de crédito.",
  signedOut: "Has cerrado sesión.",
  nav: {
    label: "Página de inicio",
    features: "Funciones",
    pricing: "Precios",
    testimonials: "Testimonios",
    signIn: "Iniciar sesión",
    getStarted: "Comenzar",
    openMenu: "Abrir menú",
  },
  hero: {
    eyebrow: "Finanzas personales, en cualquier moneda",
    title: "Todas las monedas que ganas y gastas, en una vista clara",
    body: "Registra ingresos y gastos en dólares, bolívares, pesos o euros. Tallyworth lo convierte todo a USD para que siempre sepas adónde va tu dinero.",
    trial: "Empieza tu prueba gratuita de 14 días. No se requiere tarjeta de crédito.",
    startTrial: "Comenzar prueba gratis",
    watchDemo: "Ver demo",
  },
  overview: {
    title: "Resumen mensual",
    sample: "Datos de ejemplo",
    caption: "Una vista previa con cifras ilustrativas, no con datos reales de una cuenta.",
    month: "Mes de ejemplo",
    income: "Ingresos",
    expenses: "Gastos",
    net: "Balance neto",
    byCurrency: "Transacciones de ejemplo",
    description: "Descripción",
    currency: "Moneda",
    amount: "Monto",
    usd: "En USD",
    rows: {
      salary: "Salario",
      freelance: "Proyecto independiente",
      rent: "Alquiler",
      groceries: "Supermercado",
      travel: "Viaje de fin de semana",
    },
  },
  features: {
    title: "Todo lo que necesitas para manejar tu dinero entre países",
    subtitle: "Pensado para personas y pequeñas empresas que viven en más de una moneda.",
    items: {
      multiCurrency: {
        title: "Control multimoneda",
        body: "Registra transacciones en USD, EUR, VES, COP y más; guardamos la tasa de cambio y calculamos el equivalente en USD.",
      },
      analytics: {
        title: "Análisis e informes",
        body: "Informes mensuales, gastos por categoría y tendencias diarias muestran adónde va tu dinero.",
      },
      budgets: {
        title: "Presupuestos y metas",
        body: "Define presupuestos mensuales por categoría con alertas y sigue tus metas de ahorro con objetivo y fecha.",
      },
      categories: {
        title: "Categorías y etiquetas",
        body: "Organiza cada transacción con categorías de colores y etiquetas flexibles.",
      },
      mobile: {
        title: "Diseño adaptado al móvil",
        body: "Anota un gasto desde el teléfono en el momento; cada pantalla se adapta a tu dispositivo.",
      },
      export: {
        title: "Exportación CSV",
        body: "Exporta cualquier informe mensual en CSV para tu hoja de cálculo o tu contador.",
      },
    },
  },
  pricing: {
    title: "Precios simples y transparentes",
    subtitle: "Todos los planes empiezan con 14 días de prueba gratis. No se requiere tarjeta de crédito.",
    billing: "Período de facturación",
    monthly: "Mensual",
    annual: "Anual",
    annualHint: "{{months}} meses gratis",
    perMonth: "/mes",
    perYear: "/año",
    billedMonthly: "Facturación mensual",
    save: "Ahorras {{amount}} al año",
    mostPopular: "Más popular",
    choose: "Comenzar",
    plans: {
      basic: {
        name: "Básico",
        description: "Para poner en orden tus finanzas personales.",
      },
      pro: {
        name: "Pro",
        description: "Para quienes ganan y gastan en muchas monedas.",
      },
      enterprise: {
        name: "Empresa",
        description: "Para pequeñas empresas y profesionales de las finanzas.",
      },
    },
    featureList: {
      currencyLimit: "Hasta {{limit}} monedas",
      unlimitedCurrencies: "Monedas ilimitadas",
      tracking: "Registro de ingresos y gastos",
      reports: "Informes mensuales",
      csv: "Exportación CSV",
      budgets: "Presupuestos y metas de ahorro",
      analytics: "Análisis avanzado",
      everythingInPro: "Todo lo del plan Pro",
      prioritySupport: "Soporte prioritario",
    },
  },
  testimonials: {
    title: "Lo recomiendan quienes viven en más de una moneda",
    carousel: "Testimonios",
    slide: "Testimonio {{n}} de {{total}}",
    show: "Mostrar testimonio {{n}}",
    pause: "Pausar la rotación",
    play: "Reanudar la rotación",
    items: {
      maria: {
        name: "María González",
        role: "Diseñadora independiente",
        quote:
          "Cobro en dólares y gasto en bolívares. Con Tallyworth por fin veo lo que realmente gano y gasto cada mes.",
      },
      david: {
        name: "David Chen",
        role: "Dueño de un pequeño negocio",
        quote: "Los presupuestos con alertas frenaron nuestros gastos de más, y la exportación CSV le ahorra horas a mi contador cada mes.",
      },
      laura: {
        name: "Laura Martínez",
        role: "Consultora financiera",
        quote: "Se lo recomiendo a clientes que se mueven entre Colombia y Europa. Pesos y euros lado a lado, todo en USD.",
      },
    },
  },
  cta: {
    title: "¿Todo listo para tomar el control de tu dinero?",
    body: "Únete hoy y empieza tu prueba gratuita de 14 días. No se requiere tarjeta de crédito.",
    getStarted: "Comenzar",
    contactSales: "Hablar con ventas",
  },
  footer: {
    tagline: "Finanzas personales para quienes viven en más de una moneda.",
  },
} satisfies Messages<typeof en>;
