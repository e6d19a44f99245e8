export * from "./generic.js";
