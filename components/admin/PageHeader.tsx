export { PageHeader } from "../ui/PageHeader";
