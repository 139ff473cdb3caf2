/** What other features may use of the inbox: the account page's data export. */
export { ExportDataSection } from "./components/ExportDataSection";
