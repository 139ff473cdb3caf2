import { Trans, useTranslation } from "@parley/ui/i18n/react";
import { useMutation } from "@tanstack/react-query";
import { ErrorNotice } from "../../../components/ErrorNotice";
import { DownloadIcon } from "../../../components/icons";
import { SectionCard } from "../../../components/SectionCard";
import { downloadExport } from "../api";
import "../styles/export.css";

/** Account page: everything Parley holds for the owner, as one JSON file. */
export function ExportDataSection() {
  const { t } = useTranslation("inbox");
  const exportAll = useMutation({ mutationFn: downloadExport });
  return (
    <SectionCard title={t("export.title")} description={<p>{t("export.description")}</p>}>
      <div className="export-data">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => exportAll.mutate()}
          disabled={exportAll.isPending}
        >
          <DownloadIcon size={16} />
          {exportAll.isPending ? t("export.preparing") : t("export.button")}
        </button>
        {exportAll.isSuccess ? (
          <p className="field-hint" role="status">
            <Trans
              t={t}
              i18nKey="export.done"
              values={{ file: exportAll.data }}
              components={{ file: <bdi dir="ltr" /> }}
            />
          </p>
        ) : null}
        {exportAll.isError ? <ErrorNotice error={exportAll.error} /> : null}
      </div>
    </SectionCard>
  );
}
