// zod inputs of the console's mutations (field names as in the REST API, messages as the REST API words them).
import { z } from "zod";
import { idInput } from "@/server/schemas/common";

export {
  priceCreateInput,
  priceVersionInput,
  productCreateInput,
} from "@/server/schemas/catalogInputs";

export const activeFilter = z.enum(["true", "false", "all"]).default("all");

export const idOnly = z.object({ id: idInput });
