/**
 * Where a georeference "from the country alone" lands: the centres a georeferencing tool or gazetteer gives for a
 * country. Two kinds, both tested by `coord-centroid` (BDQ ISSUE_COORDINATES_CENTEROFCOUNTRY):
 * - computed from the land map (geometry.ts): the area centroid of the whole country and of its largest part on Lambert's
 *   cylindrical equal-area projection, and the largest part's centroid in plain degrees (what simple tools compute);
 * - the country points of the Catalogue of Centroids (GBIF, https://github.com/jhnwllr/catalogue-of-centroids, `PCLI.tsv`
 *   at commit 0959e14d, February 2024), the source BDQ names as the test's default authority: CoordinateCleaner's
 *   `countryref`, GeoNames, the Getty Thesaurus of Geographic Names, GEOLocate and Geoscience Australia, deduplicated to
 *   one line per point (iso3, iso2, longitude, latitude, sources). The catalogue states no licence; its points are facts
 *   taken from the sources named.
 *
 * The radius: `centroidMeters` (1 km by default, CoordinateCleaner's buffer; BDQ's default is 5 km), but at most a
 * hundredth of the square root of the country's area (a small island is not mostly "centre": 210 m for Barbados, 180 m
 * for Malta; 1 km for a country of 10,000 km²). As BDQ specifies, a point whose COORDUNCERT is at least half the square
 * root of the country's area is an honest country-level georeference and is not flagged.
 */
import type { LandIndex } from "./geometry.ts";

export interface Centre {
  name: string;
  lat: number;
  lon: number;
}

export interface CountryCentre {
  centres: Centre[];
  /** Metres within which a point is "at" a centre. */
  radius: number;
  /** COORDUNCERT from which a point at a centre is not flagged (half the square root of the area), in metres. */
  honestUncertainty: number;
}

export type CountryCentres = Map<string, CountryCentre | undefined>;

const CATALOGUE = `
ABW	AW	-69.96667	12.5	CoordinateCleaner+geoLocate
ABW	AW	-69.9667	12.5	TGN+geoLocate
ABW	AW	-69.977	12.517	CoordinateCleaner
AFG	AF	65	33	TGN+geoLocate
AFG	AF	65.216	33.677	CoordinateCleaner
AFG	AF	66	33	GeoNames+geoLocate
AGO	AO	17.544	-12.296	CoordinateCleaner
AGO	AO	18.5	-12.5	GeoNames+TGN+geoLocate
AIA	AI	-63.032	18.237	CoordinateCleaner
AIA	AI	-63.05	18.21667	geoLocate
AIA	AI	-63.05	18.2167	TGN+geoLocate
AIA	AI	-63.16667	18.25	CoordinateCleaner
ALA	AX	19.952	60.198	CoordinateCleaner
ALA	AX	20	60.25	CoordinateCleaner
ALB	AL	20	41	GeoNames+TGN+geoLocate
ALB	AL	20.068	41.143	CoordinateCleaner
AND	AD	1.576	42.549	CoordinateCleaner
AND	AD	1.583	42.55	TGN+geoLocate
AND	AD	1.58333	42.55	GeoNames+geoLocate
ANT		-68.87	12.123	CoordinateCleaner
ARE	AE	54	24	CoordinateCleaner+TGN
ARE	AE	54.163	23.549	CoordinateCleaner
ARE	AE	54.5	23.75	GeoNames
ARG	AR	-64	-34	GeoNames+TGN+geoLocate
ARG	AR	-65.167	-35.377	CoordinateCleaner
ARM	AM	44.563	40.534	CoordinateCleaner
ARM	AM	45	40	TGN+geoLocate
ARM	AM	45	40.25	GeoNames+geoLocate
ASM	AS	-170	-14.33333	CoordinateCleaner
ASM	AS	-170.5	-14.3167	TGN
ASM	AS	-170.73	-14.318	CoordinateCleaner
ATA	AQ	0	-90	geoLocate
ATA	AQ	21.304	-80.446	CoordinateCleaner
ATA	AQ	65.725	-83.843	TGN+geoLocate
ATF	TF	39.7	-21.4167	TGN
ATF	TF	69.117	-49.302	CoordinateCleaner
ATF	TF	77.53333	-37.83333	CoordinateCleaner
ATG	AG	-61.783	17.078	CoordinateCleaner
ATG	AG	-61.8	17.05	CoordinateCleaner+GeoNames+TGN
AUS	AU	132.16667	-23.03333	Australia
AUS	AU	132.33333	-23.11667	Australia
AUS	AU	133	-27	CoordinateCleaner
AUS	AU	133.20964	-25.94703	Australia
AUS	AU	133.39611	-23.55275	Australia
AUS	AU	133.775	-25.274	Australia
AUS	AU	134.35481	-25.61011	Australia
AUS	AU	135	-25	GeoNames+TGN+geoLocate
AUS	AU	136.189	-24.973	CoordinateCleaner
AUT	AT	13.3333	47.3333	TGN+geoLocate
AUT	AT	13.33333	47.33333	CoordinateCleaner+GeoNames+geoLocate
AUT	AT	14.912	47.683	CoordinateCleaner
AZE	AZ	47.395	40.43	CoordinateCleaner
AZE	AZ	47.5	40.5	GeoNames+TGN+geoLocate
BDI	BI	29.887	-3.356	CoordinateCleaner
BDI	BI	30	-3.5	GeoNames+TGN+geoLocate
BEL	BE	4	50.8333	TGN+geoLocate
BEL	BE	4	50.83333	CoordinateCleaner
BEL	BE	4.5	50.75	GeoNames+geoLocate
BEL	BE	4.664	50.643	CoordinateCleaner
BEN	BJ	2.25	9.5	GeoNames+TGN+geoLocate
BEN	BJ	2.469	10.541	CoordinateCleaner
BES	BQ	-68.25	12.16667	CoordinateCleaner
BFA	BF	-1.66667	12.5	GeoNames
BFA	BF	-1.74	12.278	CoordinateCleaner
BFA	BF	-2	13	CoordinateCleaner+TGN
BGD	BD	89.941	24.218	CoordinateCleaner
BGD	BD	90	24	GeoNames+TGN+geoLocate
BGR	BG	23.09373	41.40544	geoLocate
BGR	BG	25	43	CoordinateCleaner
BGR	BG	25.231	42.761	CoordinateCleaner
BGR	BG	25.25	42.666	TGN+geoLocate
BGR	BG	25.25	42.66667	GeoNames+geoLocate
BHR	BH	50.5	26	TGN+geoLocate
BHR	BH	50.55	26	CoordinateCleaner
BHR	BH	50.55	26.03333	GeoNames+geoLocate
BHR	BH	50.562	26.019	CoordinateCleaner
BHS	BS	-76	24	TGN
BHS	BS	-76	24.25	CoordinateCleaner
BHS	BS	-77.37122	25.04082	GeoNames
BHS	BS	-78.014	24.628	CoordinateCleaner
BIH	BA	17.786	44.169	CoordinateCleaner
BIH	BA	17.8333	44.25	TGN
BIH	BA	17.83333	44.25	GeoNames
BIH	BA	18	44	CoordinateCleaner
BLM	BL	-62.833	17.9	TGN
BLM	BL	-62.83333	17.9	CoordinateCleaner
BLM	BL	-63.043	18.04	CoordinateCleaner
BLR	BY	28	53	GeoNames+TGN+geoLocate
BLR	BY	28.047	53.54	CoordinateCleaner
BLZ	BZ	-88.237	17.533	geoLocate
BLZ	BZ	-88.602	17.219	CoordinateCleaner
BLZ	BZ	-88.75	17.25	GeoNames+TGN+geoLocate
BMU	BM	-64.709	32.336	CoordinateCleaner
BMU	BM	-64.75	32.3333	TGN
BMU	BM	-64.75	32.33333	CoordinateCleaner+geoLocate
BOL	BO	-64.671	-16.715	CoordinateCleaner
BOL	BO	-65	-17	GeoNames+TGN+geoLocate
BRA	BR	-53.089	-10.772	CoordinateCleaner
BRA	BR	-55	-10	GeoNames+TGN+geoLocate
BRA	BR	-60	4	geoLocate
BRB	BB	-59.5333	13.1667	TGN+geoLocate
BRB	BB	-59.53333	13.16667	CoordinateCleaner+geoLocate
BRB	BB	-59.55165	13.16453	GeoNames
BRB	BB	-59.559	13.153	CoordinateCleaner
BRN	BN	114.591	4.468	CoordinateCleaner
BRN	BN	114.66667	4.5	CoordinateCleaner+GeoNames+geoLocate
BRN	BN	114.6667	4.5	TGN+geoLocate
BRN	BN	114.9333	4.8833	geoLocate
BTN	BT	90.429	27.415	CoordinateCleaner
BTN	BT	90.5	27.5	GeoNames+TGN+geoLocate
BVT	BV	3.4	-54.4333	TGN
BVT	BV	3.4	-54.43333	CoordinateCleaner
BVT	BV	3.412	-54.422	CoordinateCleaner
BWA	BW	23.815	-22.182	CoordinateCleaner
BWA	BW	24	-22	GeoNames+TGN+geoLocate
CAF	CF	20.483	6.571	CoordinateCleaner
CAF	CF	21	7	CoordinateCleaner+GeoNames+TGN
CAN	CA	-109.433	59.081	CoordinateCleaner
CAN	CA	-113.64258	60.10867	GeoNames
CAN	CA	-95	60	CoordinateCleaner
CAN	CA	-96	60	TGN+geoLocate
CCK	CC	96.8333	-12	TGN
CCK	CC	96.83333	-12.5	CoordinateCleaner
CCK	CC	96.839	-12.173	CoordinateCleaner
CHE	CH	7.908	46.861	CoordinateCleaner
CHE	CH	8	47	TGN+geoLocate
CHE	CH	8.01427	47.00016	GeoNames
CHE	CH	9.5333	47.1667	TGN+geoLocate
CHE	CH	9.53333	47.16667	GeoNames+geoLocate
CHL	CL	-69.433	-23.389	CoordinateCleaner
CHL	CL	-69.9825	-27.03136	geoLocate
CHL	CL	-71	-30	GeoNames+TGN+geoLocate
CHN	CN	105	35	GeoNames+TGN+geoLocate
CHN	CN	106.514	33.42	CoordinateCleaner
CHN	CN	113.546	22.2	geoLocate
CHN	CN	113.55	22.1667	TGN
CIV	CI	-5	8	CoordinateCleaner+TGN
CIV	CI	-5.5	8	GeoNames
CIV	CI	-5.556	7.632	CoordinateCleaner
CMR	CM	12	6	TGN+geoLocate
CMR	CM	12.277	5.133	CoordinateCleaner
CMR	CM	12.5	6	GeoNames+geoLocate
COD	CD	23.5	-2.5	GeoNames
COD	CD	23.654	-2.876	CoordinateCleaner
COD	CD	25	-0.0167	TGN
COD	CD	25	0.01667	CoordinateCleaner
COG	CG	15	-1	CoordinateCleaner+TGN
COG	CG	15.5	-1	GeoNames
COG	CG	15.986	-0.055	CoordinateCleaner
COK	CK	-159.76667	-21.23333	CoordinateCleaner
COK	CK	-159.782	-21.219	CoordinateCleaner
COK	CK	-161.583	-16.083	TGN
COL	CO	-72	4	TGN+geoLocate
COL	CO	-73.076	3.9	CoordinateCleaner
COL	CO	-73.25	4	GeoNames+geoLocate
COL	CO	-74.8167	3.4	geoLocate
COM	KM	43.337	-11.758	CoordinateCleaner
COM	KM	43.83333	-12	geoLocate
COM	KM	44.25	-12.16667	CoordinateCleaner
COM	KM	44.25	-12.1667	TGN
COM	KM	44.44553	-12.23333	GeoNames
CPV	CV	-23.634	15.071	CoordinateCleaner
CPV	CV	-24	16	CoordinateCleaner+GeoNames+TGN
CRI	CR	-83.946	9.971	CoordinateCleaner
CRI	CR	-84	10	CoordinateCleaner+GeoNames+TGN
CUB	CU	-77.781	21.297	CoordinateCleaner
CUB	CU	-79.5	22	GeoNames+geoLocate
CUB	CU	-80	21.5	CoordinateCleaner+TGN
CUB	CU	-81.3	22.73333	geoLocate
CUW	CW	-68.96667	12.16667	geoLocate
CUW	CW	-69	12.166	TGN
CUW	CW	-69	12.16667	CoordinateCleaner+geoLocate
CXR	CX	105.66667	-10.5	CoordinateCleaner
CXR	CX	105.6667	-10.5	TGN
CXR	CX	105.704	-10.444	CoordinateCleaner
CYM	KY	-80.5	19.5	CoordinateCleaner
CYM	KY	-80.6667	19.5	TGN
CYM	KY	-81.198	19.314	CoordinateCleaner
CYP	CY	33	35	GeoNames+TGN+geoLocate
CYP	CY	33.219	35.043	CoordinateCleaner
CZE	CZ	14.5	50	geoLocate
CZE	CZ	15	49.75	GeoNames+TGN+geoLocate
CZE	CZ	15.338	49.743	CoordinateCleaner
CZE	CZ	15.5	49.75	CoordinateCleaner
DEU	DE	10.5	51.5	GeoNames+TGN+geoLocate
DEU	DE	9	51	CoordinateCleaner
DEU	DE	9.851	51.11	CoordinateCleaner
DJI	DJ	42.5	11.5	TGN+geoLocate
DJI	DJ	42.5	11.83333	GeoNames+geoLocate
DJI	DJ	42.516	11.9	CoordinateCleaner
DJI	DJ	43	11.5	CoordinateCleaner
DJI	DJ	43.1667	11.55	geoLocate
DMA	DM	-61.3333	15.5	TGN+geoLocate
DMA	DM	-61.33333	15.41667	CoordinateCleaner
DMA	DM	-61.33333	15.5	GeoNames
DMA	DM	-61.35	15.43333	geoLocate
DMA	DM	-61.356	15.475	CoordinateCleaner
DNK	DK	10	56	GeoNames+TGN+geoLocate
DNK	DK	9.264	56.058	CoordinateCleaner
DOM	DO	-70.66667	19	CoordinateCleaner+GeoNames
DOM	DO	-70.6667	19	TGN
DOM	DO	-70.729	19.015	CoordinateCleaner
DZA	DZ	2.632	28.163	CoordinateCleaner
DZA	DZ	3	28	GeoNames+TGN+geoLocate
ECU	EC	-77.5	-2	TGN+geoLocate
ECU	EC	-78.25	-1.25	GeoNames+geoLocate
ECU	EC	-78.497	-1.385	CoordinateCleaner
EGY	EG	29.872	26.494	CoordinateCleaner
EGY	EG	30	27	GeoNames+TGN+geoLocate
ERI	ER	38.219	16.045	CoordinateCleaner
ERI	ER	39	15	GeoNames+TGN+geoLocate
ESH	EH	-13	24.5	CoordinateCleaner
ESH	EH	-13.706	24.554	CoordinateCleaner
ESP	ES	-3.649	40.227	CoordinateCleaner
ESP	ES	-4	40	GeoNames+TGN+geoLocate
ESP	ES	-5.35	36.1333	TGN+geoLocate
ESP	ES	-5.35	36.13333	geoLocate
ESP	ES	1.5	42.5	geoLocate
ESP	ES	1.508	42.5	geoLocate
EST	EE	25.793	58.674	CoordinateCleaner
EST	EE	26	59	GeoNames+TGN+geoLocate
ETH	ET	38	8	CoordinateCleaner
ETH	ET	39	8	TGN+geoLocate
ETH	ET	39.5	9	GeoNames+geoLocate
ETH	ET	39.616	8.626	CoordinateCleaner
FIN	FI	26	64	GeoNames+TGN+geoLocate
FIN	FI	26.272	64.504	CoordinateCleaner
FJI	FJ	175	-18	CoordinateCleaner
FJI	FJ	177.974	-17.819	CoordinateCleaner
FJI	FJ	178	-18	GeoNames+TGN+geoLocate
FLK	FK	-58.694	-51.665	CoordinateCleaner
FLK	FK	-59	-51.75	CoordinateCleaner
FRA	FR	0.44772	44.63762	geoLocate
FRA	FR	2	46	GeoNames+TGN+geoLocate
FRA	FR	2.55	46.565	CoordinateCleaner
FRA	FR	7.4167	43.7333	TGN
FRA	FR	7.41903	43.73141	GeoNames
FRA	FR	7.41944	43.73333	geoLocate
FRO	FO	-6.864	62.05	CoordinateCleaner
FRO	FO	-7	62	CoordinateCleaner+TGN
FSM	FM	152	5	TGN
FSM	FM	158.235	6.883	CoordinateCleaner
FSM	FM	158.25	6.91667	CoordinateCleaner
GAB	GA	11.75	-1	GeoNames+TGN+geoLocate
GAB	GA	11.797	-0.591	CoordinateCleaner
GBR	GB	-2	54	CoordinateCleaner
GBR	GB	-2.69531	54.75844	GeoNames
GBR	GB	-2.9	54.16	CoordinateCleaner
GEO	GE	43.4999	41.99998	GeoNames+geoLocate
GEO	GE	43.5	42	TGN+geoLocate
GEO	GE	43.518	42.176	CoordinateCleaner
GGY	GG	-2.333	49.5833	TGN
GGY	GG	-2.576	49.459	CoordinateCleaner
GGY	GG	-2.58333	49.46667	CoordinateCleaner
GHA	GH	-1	8	geoLocate
GHA	GH	-1.2	8.1	GeoNames
GHA	GH	-1.207	7.96	CoordinateCleaner
GHA	GH	-2	8	TGN+geoLocate
GIB	GI	-5.345	36.138	CoordinateCleaner
GIB	GI	-5.35	36.13333	CoordinateCleaner
GIN	GN	-10	11	TGN+geoLocate
GIN	GN	-10.66667	10.83333	GeoNames+geoLocate
GIN	GN	-10.942	10.439	CoordinateCleaner
GLP	GP	-61.441	16.286	CoordinateCleaner
GLP	GP	-61.5833	16.25	TGN+geoLocate
GLP	GP	-61.58333	16.25	CoordinateCleaner
GMB	GM	-15.386	13.453	CoordinateCleaner
GMB	GM	-15.5	13.5	GeoNames+TGN
GMB	GM	-16.56667	13.46667	CoordinateCleaner
GNB	GW	-14.651	12.125	CoordinateCleaner
GNB	GW	-15	12	GeoNames+TGN+geoLocate
GNQ	GQ	10	2	CoordinateCleaner+TGN
GNQ	GQ	10.488	1.607	CoordinateCleaner
GNQ	GQ	10.5	1.7	GeoNames
GRC	GR	21.766	39.666	CoordinateCleaner
GRC	GR	22	39	GeoNames+TGN+geoLocate
GRD	GD	-61.66667	12.11667	CoordinateCleaner+GeoNames
GRD	GD	-61.6667	12.1167	TGN+geoLocate
GRD	GD	-61.678	12.118	CoordinateCleaner
GRL	GL	-40	72	TGN+geoLocate
GRL	GL	-41.391	74.719	CoordinateCleaner
GTM	GT	-90.25	15.5	GeoNames+TGN+geoLocate
GTM	GT	-90.3667	14.6333	geoLocate
GTM	GT	-90.398	15.256	CoordinateCleaner
GTM	GT	-90.5	14.6667	geoLocate
GUF	GF	-53	4	CoordinateCleaner+TGN
GUF	GF	-53.241	3.924	CoordinateCleaner
GUM	GU	144.707	13.385	CoordinateCleaner
GUM	GU	144.78333	13.46667	CoordinateCleaner
GUM	GU	144.8333	13.4667	TGN
GUY	GY	-58.974	4.792	CoordinateCleaner
GUY	GY	-59	5	GeoNames+TGN+geoLocate
HKG	HK	114.129	22.423	CoordinateCleaner
HKG	HK	114.16667	22.25	CoordinateCleaner
HKG	HK	114.1667	22.25	TGN
HMD	HM	72.51667	-53.1	CoordinateCleaner
HMD	HM	73	-53	TGN
HMD	HM	73.507	-53.111	CoordinateCleaner
HND	HN	-86.5	15	GeoNames+TGN+geoLocate
HND	HN	-86.863	14.819	CoordinateCleaner
HRV	HR	15.5	45.16667	CoordinateCleaner+GeoNames+geoLocate
HRV	HR	15.5	45.1667	TGN+geoLocate
HRV	HR	16.693	45.723	CoordinateCleaner
HTI	HT	-72.278	19.142	CoordinateCleaner
HTI	HT	-72.29616	19.07582	GeoNames
HTI	HT	-72.41667	19	CoordinateCleaner+geoLocate
HTI	HT	-72.4167	19	TGN+geoLocate
HUN	HU	19.134	47.07	CoordinateCleaner
HUN	HU	20	47	GeoNames+TGN+geoLocate
IDN	ID	114.252	-0.976	CoordinateCleaner
IDN	ID	120	-5	GeoNames+TGN+geoLocate
IDN	ID	120	0	geoLocate
IMN	IM	-4.5	54	TGN
IMN	IM	-4.5	54.25	CoordinateCleaner+TGN
IMN	IM	-4.527	54.229	CoordinateCleaner
IND	IN	77	20	TGN+geoLocate
IND	IN	79	22	GeoNames+geoLocate
IND	IN	79.619	22.881	CoordinateCleaner
IOT	IO	71.5	-6	CoordinateCleaner
IOT	IO	72.416	-7.335	CoordinateCleaner
IRL	IE	-8	53	GeoNames+TGN+geoLocate
IRL	IE	-8	53.33333	geoLocate
IRL	IE	-8.152	53.177	CoordinateCleaner
IRN	IR	53	32	GeoNames+TGN+geoLocate
IRN	IR	54.301	32.565	CoordinateCleaner
IRQ	IQ	43.772	33.048	CoordinateCleaner
IRQ	IQ	44	33	GeoNames+TGN+geoLocate
ISL	IS	-18	65	GeoNames+TGN+geoLocate
ISL	IS	-18.48	64.764	CoordinateCleaner
ISR	IL	34.75	31.5	GeoNames+TGN+geoLocate
ISR	IL	34.851	31.026	CoordinateCleaner
ITA	IT	10.44	44.931	CoordinateCleaner
ITA	IT	12.4167	43.9333	TGN
ITA	IT	12.4463	43.9367	GeoNames
ITA	IT	12.453	41.903	TGN
ITA	IT	12.4533	41.90225	GeoNames
ITA	IT	12.8333	42.8333	TGN+geoLocate
ITA	IT	12.83333	42.83333	CoordinateCleaner+GeoNames+geoLocate
ITA	IT	13	42	geoLocate
JAM	JM	-77.25	18.16667	GeoNames+geoLocate
JAM	JM	-77.32	18.151	CoordinateCleaner
JAM	JM	-77.5	18.25	TGN+geoLocate
JEY	JE	-2.1167	49.2167	TGN+geoLocate
JEY	JE	-2.129	49.219	CoordinateCleaner
JEY	JE	-2.16667	49.25	CoordinateCleaner
JOR	JO	35.557	31.763	geoLocate
JOR	JO	36	31	GeoNames+TGN+geoLocate
JOR	JO	36.319	30.703	CoordinateCleaner
JPN	JP	138	36	TGN+geoLocate
JPN	JP	139.068	36.491	CoordinateCleaner
JPN	JP	139.75309	35.68536	GeoNames
KAZ	KZ	52.9941	51.17069	geoLocate
KAZ	KZ	62	48	geoLocate
KAZ	KZ	67.301	48.16	CoordinateCleaner
KAZ	KZ	68	48	GeoNames+TGN+geoLocate
KEN	KE	37.858	0.53	CoordinateCleaner
KEN	KE	38	1	GeoNames+TGN+geoLocate
KGZ	KG	74.555	41.465	CoordinateCleaner
KGZ	KG	75	41	TGN+geoLocate
KGZ	KG	75	41.5	GeoNames+geoLocate
KHM	KH	104.564	12.714	CoordinateCleaner
KHM	KH	105	13	CoordinateCleaner+GeoNames+TGN
KIR	KI	-170	-5	TGN+geoLocate
KIR	KI	172.984	1.421	GeoNames
KIR	KI	173	1.41667	CoordinateCleaner
KIR	KI	175.036	-1.508	CoordinateCleaner
KNA	KN	-62.75	17.3333	TGN
KNA	KN	-62.75	17.33333	CoordinateCleaner+GeoNames
KNA	KN	-62.769	17.34	CoordinateCleaner
KOR	KR	127.5	37	CoordinateCleaner+TGN
KOR	KR	127.75	36.5	GeoNames
KOR	KR	128.103	36.504	CoordinateCleaner
KWT	KW	47.376	29.476	CoordinateCleaner
KWT	KW	47.75	29.5	GeoNames+TGN+geoLocate
KWT	KW	47.96667	29.36667	CoordinateCleaner
KWT	KW	48	29.3333	geoLocate
LAO	LA	102.471	19.905	CoordinateCleaner
LAO	LA	105	18	GeoNames+TGN+geoLocate
LAO	LA	106	16	TGN
LBN	LB	35.8333	33.8333	TGN+geoLocate
LBN	LB	35.83333	33.83333	CoordinateCleaner+GeoNames+geoLocate
LBN	LB	35.888	33.92	CoordinateCleaner
LBR	LR	-10	5	geoLocate
LBR	LR	-9.5	6.5	GeoNames+TGN+geoLocate
LBR	LR	-9.657	6.682	CoordinateCleaner
LBY	LY	17	25	TGN+geoLocate
LBY	LY	17	28	GeoNames
LBY	LY	18	27	geoLocate
LBY	LY	18.023	27.044	CoordinateCleaner
LCA	LC	-60.96667	13.88333	CoordinateCleaner+GeoNames
LCA	LC	-60.9667	13.8833	TGN
LCA	LC	-60.969	13.898	CoordinateCleaner
LIE	LI	9.53333	47.26667	CoordinateCleaner
LIE	LI	9.555	47.153	CoordinateCleaner
LKA	LK	80.704	7.612	CoordinateCleaner
LKA	LK	80.75	7.75	GeoNames
LKA	LK	81	7	CoordinateCleaner+TGN
LSO	LS	28.243	-29.581	CoordinateCleaner
LSO	LS	28.25	-29.5	GeoNames+TGN+geoLocate
LSO	LS	28.5	-29.5	CoordinateCleaner
LTU	LT	23.897	55.336	CoordinateCleaner
LTU	LT	24	55.41667	GeoNames+geoLocate
LTU	LT	24	56	TGN+geoLocate
LUX	LU	6.088	49.771	CoordinateCleaner
LUX	LU	6.09	49.627	geoLocate
LUX	LU	6.1333	49.6167	geoLocate
LUX	LU	6.16667	49.75	CoordinateCleaner+GeoNames+geoLocate
LUX	LU	6.1667	49.75	TGN+geoLocate
LUX	LU	6.17289	49.61427	geoLocate
LVA	LV	25	57	GeoNames+TGN+geoLocate
LVA	LV	25.641	56.858	CoordinateCleaner
MAC	MO	113.545	22.2	CoordinateCleaner
MAC	MO	113.55	22.16667	CoordinateCleaner
MAF	MF	-63.041	18.094	CoordinateCleaner
MAF	MF	-63.06	18.07528	CoordinateCleaner
MAR	MA	-10	28.5	GeoNames
MAR	MA	-5	32	TGN+geoLocate
MAR	MA	-5.758	32.706	CoordinateCleaner
MAR	MA	-6	32	geoLocate
MAR	MA	-8.009	31.633	geoLocate
MCO	MC	7.412	43.75	CoordinateCleaner
MCO	MC	7.41972	43.73278	CoordinateCleaner
MDA	MD	28.583	47.25	TGN+geoLocate
MDA	MD	28.58333	47.25	GeoNames+geoLocate
MDA	MD	28.599	47.193	CoordinateCleaner
MDA	MD	29	47	CoordinateCleaner
MDG	MG	46.706	-19.374	CoordinateCleaner
MDG	MG	47	-20	GeoNames+TGN+geoLocate
MDV	MV	72.92	3.548	CoordinateCleaner
MDV	MV	73	3.2	GeoNames+TGN+geoLocate
MDV	MV	73	3.25	CoordinateCleaner
MEX	MX	-102	23	GeoNames+TGN+geoLocate
MEX	MX	-102.535	23.951	CoordinateCleaner
MEX	MX	-105.79598	30.56207	geoLocate
MEX	MX	-109.41858	28.87422	geoLocate
MEX	MX	-99.73333	19.4	geoLocate
MHL	MH	167	10	TGN
MHL	MH	168	9	CoordinateCleaner
MHL	MH	168.963	7.595	CoordinateCleaner
MKD	MK	21.698	41.6	CoordinateCleaner
MKD	MK	21.75	41.666	TGN+geoLocate
MKD	MK	21.75	41.66667	GeoNames+geoLocate
MKD	MK	22	41.83333	CoordinateCleaner
MLI	ML	-2	18	GeoNames
MLI	ML	-3	17	geoLocate
MLI	ML	-3.524	17.35	CoordinateCleaner
MLI	ML	-4	17	TGN+geoLocate
MLI	ML	-8.394	12.159	geoLocate
MLT	MT	14.4167	35.9167	TGN+geoLocate
MLT	MT	14.43333	35.91667	GeoNames
MLT	MT	14.442	35.89	CoordinateCleaner
MLT	MT	14.58333	35.83333	CoordinateCleaner
MMR	MM	96	21	GeoNames+geoLocate
MMR	MM	96.041	21.718	CoordinateCleaner
MMR	MM	98	22	CoordinateCleaner+TGN
MNE	ME	19.25	42.75	GeoNames+geoLocate
MNE	ME	19.254	42.792	CoordinateCleaner
MNE	ME	19.3	42.5	CoordinateCleaner
MNE	ME	19.3333	42.5	TGN+geoLocate
MNG	MN	102.876	46.056	CoordinateCleaner
MNG	MN	105	45	geoLocate
MNG	MN	105	46	GeoNames+TGN+geoLocate
MNP	MP	145.623	15.005	CoordinateCleaner
MNP	MP	145.75	15.2	CoordinateCleaner
MNP	MP	145.755	15.213	TGN
MOZ	MZ	35	-18.25	GeoNames+TGN+geoLocate
MOZ	MZ	37.923	-14.422	CoordinateCleaner
MRT	MR	-10.332	20.26	CoordinateCleaner
MRT	MR	-10.5	20.25	GeoNames+geoLocate
MRT	MR	-12	20	TGN+geoLocate
MSR	MS	-62.187	16.736	CoordinateCleaner
MSR	MS	-62.2	16.75	TGN+geoLocate
MTQ	MQ	-61	14.6667	TGN+geoLocate
MTQ	MQ	-61.021	14.653	CoordinateCleaner
MTQ	MQ	-61.08333	14.6	CoordinateCleaner
MUS	MU	57.55	-20.2833	geoLocate
MUS	MU	57.55	-20.28333	CoordinateCleaner
MUS	MU	57.583	-20.255	CoordinateCleaner
MUS	MU	57.5833	-20.3	TGN+geoLocate
MUS	MU	57.58333	-20.3	GeoNames
MWI	MW	33.808	-13.4	CoordinateCleaner
MWI	MW	34	-13.5	GeoNames+TGN+geoLocate
MYS	MY	102.195	4.201	CoordinateCleaner
MYS	MY	112.5	2.5	GeoNames+TGN+geoLocate
MYT	YT	45.155	-12.777	CoordinateCleaner
MYT	YT	45.16667	-12.83333	CoordinateCleaner
NAM		17	-22	GeoNames+TGN+geoLocate
NAM		17.218	-22.133	CoordinateCleaner
NCL	NC	165.447	-21.359	CoordinateCleaner
NCL	NC	165.5	-21.5	CoordinateCleaner+TGN
NER	NE	8	16	TGN+geoLocate
NER	NE	9	18	GeoNames
NER	NE	9.398	17.426	CoordinateCleaner
NER	NE	9.5	17	geoLocate
NFK	NF	167.95	-29.03333	CoordinateCleaner+TGN
NFK	NF	167.953	-29.037	CoordinateCleaner
NGA	NG	8	10	GeoNames+TGN+geoLocate
NGA	NG	8.105	9.594	CoordinateCleaner
NIC	NI	-85	13	GeoNames+TGN+geoLocate
NIC	NI	-85.034	12.84	CoordinateCleaner
NIC	NI	-85.8333	11.4333	geoLocate
NIU	NU	-169.86667	-19.03333	CoordinateCleaner+geoLocate
NIU	NU	-169.8667	-19.0333	TGN+geoLocate
NIU	NU	-169.869	-19.052	CoordinateCleaner
NLD	NL	5.389	52.077	CoordinateCleaner
NLD	NL	5.75	52.25	GeoNames+geoLocate
NLD	NL	5.75	52.5	TGN+geoLocate
NOR	NO	10	62	GeoNames+TGN+geoLocate
NOR	NO	8.74	61.152	CoordinateCleaner
NPL	NP	83.939	28.253	CoordinateCleaner
NPL	NP	84	28	GeoNames+TGN+geoLocate
NRU	NR	166.91667	-0.53333	CoordinateCleaner
NRU	NR	166.9167	-0.5333	TGN+geoLocate
NRU	NR	166.93	-0.522	CoordinateCleaner
NRU	NR	166.933	-0.517	GeoNames
NRU	NR	166.93333	-0.53333	geoLocate
NZL	NZ	172.235	-42.634	CoordinateCleaner
NZL	NZ	174	-41	CoordinateCleaner
NZL	NZ	174	-42	GeoNames+TGN
OMN	OM	57	21	GeoNames+TGN+geoLocate
OMN	OM	57.407	21.656	CoordinateCleaner
OMN	OM	57.5	22.66667	geoLocate
OMN	OM	57.98486	22.16369	geoLocate
PAK	PK	69.386	29.967	CoordinateCleaner
PAK	PK	70	30	GeoNames+TGN+geoLocate
PAN	PA	-80	9	GeoNames+TGN+geoLocate
PAN	PA	-80.92	8.384	CoordinateCleaner
PCN	PN	-128.316	-24.366	CoordinateCleaner
PCN	PN	-130.1	-25.06667	CoordinateCleaner
PCN	PN	-130.1	-25.0667	TGN
PER	PE	-75.25	-10	GeoNames+geoLocate
PER	PE	-75.552	-9.326	CoordinateCleaner
PER	PE	-76	-10	TGN+geoLocate
PHL	PH	122	13	CoordinateCleaner+TGN
PHL	PH	122.466	11.118	CoordinateCleaner
PHL	PH	122.56155	13.40882	GeoNames
PLW	PW	134	6	TGN+geoLocate
PLW	PW	134.5	7.5	CoordinateCleaner
PLW	PW	134.57	7.501	CoordinateCleaner
PNG	PG	143.459	-5.949	CoordinateCleaner
PNG	PG	147	-6	CoordinateCleaner+GeoNames+TGN
POL	PL	19.401	52.125	CoordinateCleaner
POL	PL	20	52	GeoNames+TGN+geoLocate
PRI	PR	-66.466	18.221	CoordinateCleaner
PRI	PR	-66.5	18.25	CoordinateCleaner
PRK	KP	126.451	39.778	CoordinateCleaner
PRK	KP	127	40	CoordinateCleaner+GeoNames+TGN
PRT	PT	-8	39.5	TGN+geoLocate
PRT	PT	-8.058	40.309	CoordinateCleaner
PRT	PT	-8.13057	39.6945	GeoNames
PRY	PY	-58	-23	TGN+geoLocate
PRY	PY	-58	-23.33333	GeoNames+geoLocate
PRY	PY	-58.391	-23.236	CoordinateCleaner
PSE	PS	35.25	32	CoordinateCleaner
PSE	PS	35.278	32.037	CoordinateCleaner
PYF	PF	-140	-15	CoordinateCleaner+TGN
PYF	PF	-149.462	-17.626	CoordinateCleaner
QAT	QA	51.191	25.316	CoordinateCleaner
QAT	QA	51.25	25.5	GeoNames+TGN+geoLocate
REU	RE	55.538	-21.122	CoordinateCleaner
REU	RE	55.6	-21.1	TGN+geoLocate
ROU	RO	24.969	45.844	CoordinateCleaner
ROU	RO	25	46	GeoNames+TGN+geoLocate
RUS	RU	100	60	GeoNames+geoLocate
RUS	RU	47	60	TGN+geoLocate
RUS	RU	96.689	61.988	CoordinateCleaner
RWA	RW	29.917	-1.998	CoordinateCleaner
RWA	RW	30	-2	GeoNames+TGN+geoLocate
SAU	SA	44.585	24.023	CoordinateCleaner
SAU	SA	45	25	CoordinateCleaner+GeoNames+TGN
SDN	SD	30	15	CoordinateCleaner
SDN	SD	30	16	GeoNames+TGN+geoLocate
SDN	SD	30.05	13.832	CoordinateCleaner
SEN	SN	-14	14	TGN+geoLocate
SEN	SN	-14.25	14.5	GeoNames+geoLocate
SEN	SN	-14.881	15.013	CoordinateCleaner
SGP	SG	103.8	1.36667	CoordinateCleaner+GeoNames
SGP	SG	103.8	1.3667	TGN+geoLocate
SGP	SG	103.808	1.351	CoordinateCleaner
SGP	SG	103.85	1.2833	geoLocate
SGS	GS	-36.891	-54.209	CoordinateCleaner
SGS	GS	-37	-54.5	CoordinateCleaner
SHN	SH	-5.7	-15.95	CoordinateCleaner+TGN
SHN	SH	-5.71	-15.953	CoordinateCleaner
SJM	SJ	18.374	78.83	CoordinateCleaner
SJM	SJ	20	78	TGN+geoLocate
SLB	SB	159	-8	CoordinateCleaner+GeoNames+TGN
SLB	SB	160.109	-9.611	CoordinateCleaner
SLE	SL	-11.5	8.5	CoordinateCleaner+GeoNames+TGN
SLE	SL	-11.792	8.56	CoordinateCleaner
SLV	SV	-88.866	13.736	CoordinateCleaner
SLV	SV	-88.91667	13.83333	CoordinateCleaner+GeoNames
SLV	SV	-88.9167	13.8333	TGN
SMR	SM	12.41667	43.93333	CoordinateCleaner
SMR	SM	12.46	43.942	CoordinateCleaner
SOM	SO	43.34036	11.63456	geoLocate
SOM	SO	48	6	GeoNames+TGN+geoLocate
SOM	SO	48.316	9.774	CoordinateCleaner
SOM	SO	49	10	CoordinateCleaner
SPM	PM	-56.325	47.042	CoordinateCleaner
SPM	PM	-56.3333	46.8333	TGN
SPM	PM	-56.33333	46.83333	CoordinateCleaner
SRB	RS	20.45998	44.81892	GeoNames
SRB	RS	20.806	44.032	CoordinateCleaner
SRB	RS	20.833	44.166	TGN+geoLocate
SRB	RS	20.83333	44.16667	geoLocate
SRB	RS	21	44	CoordinateCleaner
SSD	SS	30	7.5	GeoNames+TGN
SSD	SS	30	8	CoordinateCleaner
STP	ST	6.629	0.201	CoordinateCleaner
STP	ST	7	1	CoordinateCleaner+GeoNames+TGN
SUR	SR	-55.912	4.127	CoordinateCleaner
SUR	SR	-56	4	GeoNames+TGN+geoLocate
SVK	SK	19.491	48.707	CoordinateCleaner
SVK	SK	19.5	48.66667	CoordinateCleaner+GeoNames+geoLocate
SVK	SK	19.5	48.6667	TGN+geoLocate
SVN	SI	14.81667	46.11667	CoordinateCleaner
SVN	SI	14.827	46.124	CoordinateCleaner
SVN	SI	15	46	geoLocate
SVN	SI	15	46.083	TGN+geoLocate
SVN	SI	15	46.08333	GeoNames+geoLocate
SWE	SE	15	62	GeoNames+TGN+geoLocate
SWE	SE	15.27	62.011	CoordinateCleaner
SWZ	SZ	31.497	-26.562	CoordinateCleaner
SWZ	SZ	31.5	-26.5	GeoNames+TGN+geoLocate
SXM	SX	-63.06667	18.04167	CoordinateCleaner
SYC	SC	55.474	-4.647	CoordinateCleaner
SYC	SC	55.66667	-4.58333	CoordinateCleaner+GeoNames
SYC	SC	55.6667	-4.5833	TGN
SYR	SY	38	35	GeoNames+TGN+geoLocate
SYR	SY	38.506	35.013	CoordinateCleaner
TCA	TC	-71.5833	21.7333	TGN
TCA	TC	-71.58333	21.75	CoordinateCleaner
TCA	TC	-71.95	21.902	CoordinateCleaner
TCD	TD	18.665	15.361	CoordinateCleaner
TCD	TD	19	15	GeoNames+TGN+geoLocate
TGO	TG	1.081	8.799	CoordinateCleaner
TGO	TG	1.08333	8.66667	GeoNames+geoLocate
TGO	TG	1.16667	8	CoordinateCleaner
TGO	TG	1.1667	8	TGN+geoLocate
THA	TH	100	15	TGN+geoLocate
THA	TH	100.844	15.7	CoordinateCleaner
THA	TH	101	15.5	GeoNames+geoLocate
TJK	TJ	69.42	38.665	CoordinateCleaner
TJK	TJ	71	39	GeoNames+TGN+geoLocate
TJK	TJ	72	38	geoLocate
TKL	TK	-171.75	-9	TGN+geoLocate
TKL	TK	-171.853	-9.193	CoordinateCleaner
TKL	TK	-172	-9	CoordinateCleaner
TKM	TM	59.384	39.122	CoordinateCleaner
TKM	TM	59.66667	39.75	GeoNames+geoLocate
TKM	TM	60	40	TGN+geoLocate
TLS	TL	125.75	-8.83333	GeoNames+geoLocate
TLS	TL	125.878	-8.822	CoordinateCleaner
TLS	TL	125.91667	-8.83333	CoordinateCleaner
TLS	TL	126	-8.5833	TGN+geoLocate
TON	TO	-175	-20	GeoNames+TGN+geoLocate
TON	TO	-175.185	-21.202	CoordinateCleaner
TTO	TT	-61	11	CoordinateCleaner+GeoNames+TGN
TTO	TT	-61.253	10.468	CoordinateCleaner
TUN	TN	9	34	GeoNames+TGN+geoLocate
TUN	TN	9.596	35.383	CoordinateCleaner
TUR	TR	35	39	GeoNames+TGN+geoLocate
TUR	TR	35.179	39.061	CoordinateCleaner
TUV	TV	178	-8	TGN+geoLocate
TUV	TV	179.14478	-8.51719	GeoNames
TUV	TV	179.219	-8.514	CoordinateCleaner
TWN	TW	120.18722	23.20917	geoLocate
TWN	TW	120.6839	24.1469	geoLocate
TWN	TW	120.90944	24.20916	geoLocate
TWN	TW	120.946	23.754	CoordinateCleaner
TWN	TW	121	23.5	CoordinateCleaner
TWN	TW	121	24	GeoNames+TGN+geoLocate
TZA	TZ	34.823	-6.27	CoordinateCleaner
TZA	TZ	35	-6	GeoNames+TGN+geoLocate
UGA	UG	32	1	CoordinateCleaner
UGA	UG	32.386	1.28	CoordinateCleaner
UGA	UG	32.5	1.25	GeoNames+geoLocate
UGA	UG	33	2	TGN+geoLocate
UKR	UA	31.388	49.016	CoordinateCleaner
UKR	UA	32	49	GeoNames+TGN+geoLocate
UMI	UM	-160.027	-0.385	CoordinateCleaner
UMI	UM	-169.51667	16.75	CoordinateCleaner
URY	UY	-56	-33	GeoNames+TGN+geoLocate
URY	UY	-56.012	-32.8	CoordinateCleaner
USA	US	-97	38	CoordinateCleaner
USA	US	-98	38	TGN
USA	US	-98.5	39.76	GeoNames
USA	US	-98.606	39.622	CoordinateCleaner
UZB	UZ	63.17	41.75	CoordinateCleaner
UZB	UZ	63.83333	41.66667	GeoNames+geoLocate
UZB	UZ	64	41	TGN+geoLocate
VAT	VA	12.45	41.9	CoordinateCleaner
VAT	VA	12.451	41.904	CoordinateCleaner
VCT	VC	-61.194	13.248	CoordinateCleaner
VCT	VC	-61.2	13.0833	TGN
VCT	VC	-61.2	13.08333	GeoNames
VCT	VC	-61.2	13.25	CoordinateCleaner
VEN	VE	-66	8	GeoNames+TGN+geoLocate
VEN	VE	-66.166	7.125	CoordinateCleaner
VGB	VG	-64.39	18.483	CoordinateCleaner
VGB	VG	-64.5	18.5	CoordinateCleaner+TGN
VIR	VI	-64.785	17.741	CoordinateCleaner
VIR	VI	-64.83333	18.33333	CoordinateCleaner
VNM	VN	105.314	21.491	CoordinateCleaner
VNM	VN	107.83333	16.16667	CoordinateCleaner+GeoNames+geoLocate
VUT	VU	166.899	-15.376	CoordinateCleaner
VUT	VU	167	-16	TGN+geoLocate
VUT	VU	167.5	-16.3333	GeoNames
WLF	WF	-176.2	-13.3	CoordinateCleaner+TGN
WLF	WF	-178.131	-14.289	CoordinateCleaner
WSM	WS	-172.13333	-13.8	GeoNames+TGN+geoLocate
WSM	WS	-172.33333	-13.58333	CoordinateCleaner
WSM	WS	-172.414	-13.652	CoordinateCleaner
YEM	YE	47.5	15.5	GeoNames+TGN+geoLocate
YEM	YE	48	15	CoordinateCleaner
YEM	YE	48.355	15.807	CoordinateCleaner
ZAF	ZA	23.121	-30.558	CoordinateCleaner
ZAF	ZA	24	-29	CoordinateCleaner+GeoNames
ZAF	ZA	26	-30	TGN
ZMB	ZM	26.32	-14.614	CoordinateCleaner
ZMB	ZM	28.5	-14.33333	GeoNames+geoLocate
ZMB	ZM	30	-15	TGN+geoLocate
ZWE	ZW	29	-19	TGN+geoLocate
ZWE	ZW	29.75	-19	GeoNames+geoLocate
ZWE	ZW	29.872	-19	CoordinateCleaner
ZWE	ZW	30	-20	CoordinateCleaner
ZWE	ZW	30.73189	-20.12912	geoLocate
`;

let catalogue: Map<string, Centre[]> | undefined;
let iso2: Map<string, string> | undefined;

function readCatalogue(): Map<string, Centre[]> {
  if (!catalogue) {
    catalogue = new Map();
    iso2 = new Map();
    for (const line of CATALOGUE.trim().split("\n")) {
      const [code3, code2, lon, lat, sources] = line.split("\t") as [string, string, string, string, string];
      const list = catalogue.get(code3) ?? [];
      const by = sources.split("+");
      list.push({ name: `the centre ${by.join(", ")} give${by.length > 1 ? "" : "s"}`, lat: Number(lat), lon: Number(lon) });
      catalogue.set(code3, list);
      if (code2) iso2.set(code2, code3);
    }
  }
  return catalogue;
}

/** ISO 3166-1 alpha-3 of an alpha-2 code, from the catalogue's own pairs (for data keyed by alpha-2, such as BDQ's). */
export function alpha3Of(code2: string): string | undefined {
  readCatalogue();
  return iso2!.get(code2.toUpperCase());
}

/** The centres of a country and the radius that goes with them (computed once per country per check). */
export function countryCentre(land: LandIndex, code3: string, radiusMeters: number): CountryCentre | undefined {
  const computed = land.centres(code3);
  const centres: Centre[] = [...(readCatalogue().get(code3) ?? [])];
  let radius = radiusMeters, honest = Infinity;
  if (computed) {
    centres.push(
      { name: "equal-area centroid of the whole country", lon: computed.whole[0], lat: computed.whole[1] },
      { name: "equal-area centroid of the largest part", lon: computed.largest[0], lat: computed.largest[1] },
      { name: "centroid of the largest part, in plain degrees", lon: computed.degrees[0], lat: computed.degrees[1] },
    );
    const side = Math.sqrt(computed.areaKm2) * 1000;
    radius = Math.min(radiusMeters, side / 100);
    honest = side / 2;
  }
  return centres.length ? { centres, radius, honestUncertainty: honest } : undefined;
}

export function haversineMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * r) / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 12_742_000 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The nearest centre of `code3` within its radius, or undefined. */
export function nearestCentre(
  cache: CountryCentres,
  land: LandIndex,
  code3: string,
  lat: number,
  lon: number,
  uncertainty: number,
  radiusMeters: number,
): { name: string; meters: number } | undefined {
  if (!cache.has(code3)) cache.set(code3, countryCentre(land, code3, radiusMeters));
  const c = cache.get(code3);
  if (!c || uncertainty >= c.honestUncertainty) return undefined;
  let best: { name: string; meters: number } | undefined;
  for (const p of c.centres) {
    const m = haversineMeters(lat, lon, p.lat, p.lon);
    if (m <= c.radius && (!best || m < best.meters)) best = { name: p.name, meters: m };
  }
  return best;
}
