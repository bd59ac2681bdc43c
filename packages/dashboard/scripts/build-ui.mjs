// Writes the UI bundle next to the built entry (dist/ui/), with a manifest the asset provider reads.
import { mkdirSync, writeFileSync } from "node:fs";
import { bundleUi } from "../dist/index.js";

const dir = new URL("../dist/ui/", import.meta.url);
mkdirSync(dir, { recursive: true });
const files = bundleUi(new URL("../src/ui/main.tsx", import.meta.url).pathname);
for (const file of files) writeFileSync(new URL(file.name, dir), file.body);
writeFileSync(
  new URL("manifest.json", dir),
  JSON.stringify(files.map(({ name, contentType }) => ({ name, contentType }))),
);
console.log(`dashboard UI: ${files.map((f) => `${f.name} ${f.body.length} B`).join(", ")}`);
