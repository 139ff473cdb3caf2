import { useMutation } from "@tanstack/react-query";
import { SectionCard } from "../../account/components/SectionCard";
import { ErrorNotice } from "../../chatbots/components/ErrorNotice";
import { downloadExport } from "../api";
import { DownloadIcon } from "./icons";
import "../styles/export.css";

/** Account page: everything Parley holds for the owner, as one JSON file. */
export function ExportDataSection() {
  const exportAll = useMutation({ mutationFn: downloadExport });
  return (
    <SectionCard
      title="Export your data"
      description={
        <p>
          One JSON file with everything Parley keeps for your account: your profile, plan and payments, each
          chatbot with its settings and knowledge sources, and every conversation with its messages, ratings
          and the contact details visitors left.
        </p>
      }
    >
      <div className="export-data">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => exportAll.mutate()}
          disabled={exportAll.isPending}
        >
          <DownloadIcon size={16} />
          {exportAll.isPending ? "Preparing your file…" : "Export all my data"}
        </button>
        {exportAll.isSuccess ? (
          <p className="field-hint" role="status">
            Downloaded {exportAll.data}.
          </p>
        ) : null}
        {exportAll.isError ? <ErrorNotice error={exportAll.error} /> : null}
      </div>
    </SectionCard>
  );
}
