import { AdminConsolePage } from "../../features/admin/pages/AdminConsolePage";
import { AppNotFoundPage } from "../../features/marketing/pages/NotFoundPage";

/** `/admin/*`: the operator's console for platform staff; for anyone else, the app's "Page not found". */
export function AdminRoute() {
  return <AdminConsolePage NotFound={AppNotFoundPage} />;
}
