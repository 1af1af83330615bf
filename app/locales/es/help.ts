import type { Messages } from "..";
import type { help as en } from "../en/help";

export const help = {
  metaTitle: "Ayuda",
  metaDescription:
    "Cómo funciona Tallyworth: ingresos y gastos en varias monedas y sus tasas de cambio, categorías y etiquetas, presupuestos y metas de ahorro, informes y exportación CSV, en el teléfono y sin JavaScript.",
  title: "Ayuda",
  subtitle: "Cómo funciona Tallyworth, tarea por tarea.",
  backHome: "Volver al inicio",
  backDashboard: "Volver al panel",
  contents: "En esta página",
  sections: {
    transactions: {
      title: "Registra ingresos y gastos",
      body: "Agrega una transacción con una descripción, una categoría, una fecha y un monto; una categoría de ingresos la hace ingreso y cualquier otra, gasto. Una compra pagada en parte en dólares y en parte en pesos es una sola transacción con varios pagos. La lista de transacciones busca en las descripciones y filtra por tipo, fechas, categoría, moneda y etiquetas; cada filtro en uso aparece encima de la lista, con una ✕ para quitarlo.",
      link: "Agregar una transacción",
    },
    currencies: {
      title: "Monedas y tasas de cambio",
      body: "Cada monto se guarda exacto en su propia moneda, con su equivalente en dólares estadounidenses calculado una sola vez con la tasa de su fecha (la última tasa de ese día o anterior). Las tasas nuevas nunca cambian lo que registraste. Si no se conoce ninguna tasa para una moneda, el formulario te pide escribirla: una tasa que falta nunca se toma como 1.",
      link: "Ver tus transacciones",
    },
    organise: {
      title: "Categorías y etiquetas",
      body: "Las categorías predeterminadas están desde el principio y no se pueden cambiar; agrega las tuyas, con un color y un ícono. Las etiquetas agrupan transacciones de distintas categorías (un viaje, un proyecto): cada etiqueta muestra cuántas transacciones la llevan, y «Ver uso» las enumera, cada una con un enlace a la transacción.",
      link: "Administrar categorías",
    },
    budgets: {
      title: "Presupuestos y metas de ahorro",
      body: "Un presupuesto fija un límite mensual en dólares estadounidenses para una categoría de gastos. Avisa cuando lo gastado llega a su umbral de alerta (80 % si no eliges otro) y dice cuándo se ha excedido. Un mes nuevo puede copiar los presupuestos del mes anterior. Una meta de ahorro tiene un objetivo en cualquier moneda y una fecha opcional; registra lo que aportas o retiras, y muestra lo que falta y cuánto apartar cada mes.",
      link: "Abrir presupuestos y metas",
    },
    reports: {
      title: "Informes y exportación",
      body: "Los informes muestran un mes o cualquier período de hasta cinco años: ingresos, gastos y neto en dólares estadounidenses, cada moneda en sus propias unidades, y un gráfico por categorías, por días o del saldo acumulado, cada uno junto a la tabla de sus cifras. Exportar CSV descarga las transacciones del período, una línea por pago, para una hoja de cálculo.",
      link: "Abrir informes",
    },
    import: {
      title: "Importar desde un banco u otra aplicación",
      body: "Importar lee un archivo CSV de hasta 5 MB y 20.000 filas: el extracto de un banco (con cualquier separador, y las fechas y los decimales escritos a su manera) o la propia exportación CSV de esta aplicación, que no necesita asignar columnas. Eliges qué columna tiene qué, y puedes guardarlo con un nombre para el próximo archivo. La vista previa marca cada fila como nueva, duplicada o con error, con su línea y el motivo; las filas que ya están en tu cuenta quedan fuera salvo que las marques, y nunca se inventa un tipo de cambio. Puedes deshacer una importación durante 7 días.",
      link: "Importar un archivo",
    },
    access: {
      title: "En el teléfono, en inglés, sin JavaScript",
      body: "Todas las páginas funcionan en una pantalla pequeña y con JavaScript desactivado, incluidos formularios, filtros, eliminaciones y menús. El encabezado cambia entre español e inglés y entre un tema claro y uno oscuro, y recuerda tu elección.",
    },
    account: {
      title: "Tu cuenta",
      body: "Tu perfil guarda tu nombre y tu correo, y un cambio de contraseña allí cierra la sesión en tus otros dispositivos. Su actividad reciente enumera lo que se hizo con tu cuenta. Los desarrolladores pueden acceder a los mismos datos mediante la API JSON, descrita en /api/openapi.json.",
      link: "Abrir tu perfil",
    },
  },
  contact: {
    title: "¿Sigues con dudas?",
    body: "Escríbenos y te responderá una persona.",
    link: "Escríbenos",
  },
} satisfies Messages<typeof en>;
