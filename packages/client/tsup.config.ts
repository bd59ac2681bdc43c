import { packageBuild } from "../../tsup.base";

export default packageBuild(["src/index.ts"], "tsconfig.json");
