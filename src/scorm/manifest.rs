//! `imsmanifest.xml`: one organization with one item, a SCO whose launch
//! page is the package's launch.html and whose resource lists every file.
//! SCORM 1.2 states the passing score as `adlcp:masteryscore`; SCORM 2004
//! (4th edition) as the primary objective's minimum normalized measure,
//! which the LMS hands the SCO as `cmi.scaled_passing_score`. The manifest's
//! identifier names the topic and a hash of what the package grades, so two
//! packages of a topic with other options are two courses to an LMS.

use super::{Package, Version, LAUNCH};
use crate::model::fnv1a;

pub fn version_word(v: Version) -> &'static str {
    match v {
        Version::V12 => "1.2",
        Version::V2004 | Version::Both => "2004",
    }
}

pub fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const HEAD_12: &str = r#"<manifest identifier="{id}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>"#;

const HEAD_2004: &str = r#"<manifest identifier="{id}" version="1.0"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>"#;

/// `fleetlab-TOPIC-HASH`: HASH (16 hex digits) of the topic, the page's
/// query (options, mode and salt), the templates asked, the mastery and the
/// SCORM version.
pub fn identifier(pkg: &Package) -> String {
    let what = format!(
        "{}\n{}\n{}\n{}\n{}",
        pkg.topic,
        pkg.query,
        pkg.templates.join(","),
        pkg.mastery,
        version_word(pkg.version)
    );
    format!("fleetlab-{}-{:016x}", pkg.topic, fnv1a(&what))
}

/// The manifest of `pkg`, whose SCO holds `files` (paths in the zip).
pub fn manifest(pkg: &Package, files: &[String]) -> String {
    let v12 = pkg.version == Version::V12;
    let id = identifier(pkg);
    let title = xml_escape(&pkg.title);
    let head = if v12 { HEAD_12 } else { HEAD_2004 };
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s += &head.replace("{id}", &id);
    s += "\n  <organizations default=\"org\">\n    <organization identifier=\"org\">\n";
    s += &format!("      <title>{title}</title>\n");
    s += "      <item identifier=\"item\" identifierref=\"sco\" isvisible=\"true\">\n";
    s += &format!("        <title>{title}</title>\n");
    if v12 {
        s += &format!(
            "        <adlcp:masteryscore>{}</adlcp:masteryscore>\n",
            (pkg.mastery * 100.0).round()
        );
    } else {
        s += "        <imsss:sequencing>\n          <imsss:objectives>\n";
        s += "            <imsss:primaryObjective objectiveID=\"practice\" satisfiedByMeasure=\"true\">\n";
        s += &format!(
            "              <imsss:minNormalizedMeasure>{}</imsss:minNormalizedMeasure>\n",
            pkg.mastery
        );
        s += "            </imsss:primaryObjective>\n          </imsss:objectives>\n";
        s += "        </imsss:sequencing>\n";
    }
    s += "      </item>\n    </organization>\n  </organizations>\n  <resources>\n";
    let kind = if v12 {
        "adlcp:scormtype"
    } else {
        "adlcp:scormType"
    };
    s += &format!(
        "    <resource identifier=\"sco\" type=\"webcontent\" {kind}=\"sco\" href=\"{LAUNCH}\">\n"
    );
    for f in files {
        s += &format!("      <file href=\"{}\"/>\n", xml_escape(f));
    }
    s += "    </resource>\n  </resources>\n</manifest>\n";
    s
}
