/**
 * The TDWG Biodiversity Data Quality (BDQ) tests the rules implement, by the label and GUID of `tg2/core/TG2_tests.csv`
 * in the public `tdwg/bdq` repository (commit bdc09306, July 2026), and BDQ's response vocabulary: every finding
 * carries `status` (RUN_HAS_RESULT, AMENDED, NOT_AMENDED), `result` (NOT_COMPLIANT, POTENTIAL_ISSUE, or the amended
 * values) and the `message` as BDQ's `comment`. The validation data (`TG2_test_validation_data.csv`) spells three labels
 * the older way (VALIDATION_COORDINATES_ZERO, VALIDATION_COORDINATES_COUNTRYCODE_CONSISTENT,
 * VALIDATION_COORDINATES_TERRESTRIALMARINE); the GUIDs are the same, and the conformance test matches by GUID.
 */

export interface BdqTest {
  label: string;
  guid: string;
}

const t = (label: string, guid: string): BdqTest => ({ label, guid });

/** The BDQ tests some rule implements (TG2_tests.csv: Label, term_localName). */
export const BDQ = {
  zero: t("VALIDATION_COORDINATES_NOTZERO", "1bf0e210-6792-4128-b8cc-ab6828aa4871"),
  latitudeRange: t("VALIDATION_DECIMALLATITUDE_INRANGE", "b6ecda2a-ce36-437a-b515-3ae94948fe83"),
  longitudeRange: t("VALIDATION_DECIMALLONGITUDE_INRANGE", "0949110d-c06b-450e-9649-7c1374d940d1"),
  countryConsistent: t("VALIDATION_COORDINATESCOUNTRYCODE_CONSISTENT", "adb27d29-9f0d-4d52-b760-a77ba57a69c9"),
  terrestrialMarine: t("VALIDATION_COORDINATESTERRESTRIALMARINE_CONSISTENT", "b9c184ce-a859-410c-9d12-71a338200380"),
  centreOfCountry: t("ISSUE_COORDINATES_CENTEROFCOUNTRY", "256e51b3-1e08-4349-bb7e-5186631c3f8e"),
  transposed: t("AMENDMENT_COORDINATES_TRANSPOSED", "f2b4a50a-6b2f-4930-b9df-da87b6a21082"),
  countryCode: t("VALIDATION_COUNTRYCODE_STANDARD", "0493bcfb-652e-4d17-815b-b0cce0742fbe"),
  uncertaintyRange: t("VALIDATION_COORDINATEUNCERTAINTY_INRANGE", "c6adf2ea-3051-4498-97f4-4b2f8a105f57"),
  dayInRange: t("VALIDATION_DAY_INRANGE", "8d787cb5-73e2-4c39-9cd1-67c7361dc02e"),
  monthStandard: t("VALIDATION_MONTH_STANDARD", "01c6dafa-0886-4b7e-9881-2c3018c98bdc"),
  yearInRange: t("VALIDATION_YEAR_INRANGE", "ad0c8855-de69-4843-a80c-a5387d20fbc8"),
} as const;

/** BDQ response status of a finding. */
export type BdqStatus = "RUN_HAS_RESULT" | "AMENDED" | "NOT_AMENDED";
