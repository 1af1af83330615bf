// The export's formats, apart from their writers so the API's schema can name them without
// loading the spreadsheet writer (decision 038: it is imported only when a spreadsheet is asked for).

/** The CSV (decision 020, the machine format) and the spreadsheet (decision 038, for people). */
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
