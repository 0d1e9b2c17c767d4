export { PageHeader } from "@/components/ui/PageHeader";
