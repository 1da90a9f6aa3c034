/**
 * The fragment compiler's type layer, as the binder uses it:
 *
 *   types.ts          interned C# types, predefined constants, typeToString
 *   conversions.ts    classifyConversion / resolveConversion / implicitConversionDiagnostic
 *   operators.ts      resolveBinaryOperator / resolveUnaryOperator / coalesceType / conditionalType
 *   surface.ts        lookupMembers / extensionMethods / indexersOf / constructorsOf (member tables)
 *   inference.ts      inferTypeArguments (CS0411), isBetterLambdaTarget
 *   delegates.ts      the six fragment kinds and lambda-to-delegate checks
 *   environment.ts    the wrapper's namespaces, usings and references; type-name lookup
 *   unavailable.ts    verdicts on names outside the surface (CS0103/CS0246/CS0234/CS1069/SVCUNSUPPORTED)
 */
export * from './types.js';
export * from './constant-values.js';
export * from './conversions.js';
export * from './operators.js';
export * from './surface.js';
export * from './delegates.js';
export * from './inference.js';
export * from './environment.js';
export * from './unavailable.js';
export { delegateSignatureOf, enumerableElementType, interfacesOf, baseClassesOf } from './hierarchy.js';
export { parseType, type ParsedParameter, type ParameterModifier } from './declarations.js';
