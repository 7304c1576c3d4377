-- Reference data: picklists with stable codes and German and English labels, and the prohibited
-- e-mail aliases. Customers store the codes, so a code is never deleted or renamed: a later
-- migration changes a label with UPDATE, or retires a value with "active" = false.
-- Sort orders step by 10 to leave room for values added later.
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('salutation', 'HERR', 'Herr', 'Mr', 10),
  ('salutation', 'FRAU', 'Frau', 'Ms', 20),
  ('salutation', 'DIVERS', 'Divers', 'Mx', 30),
  ('salutation', 'KEINE_ANGABE', 'keine Angabe', 'Not specified', 40);
--> statement-breakpoint
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('position', 'PRACTICE_OWNER', 'Praxisinhaber/-in', 'Practice owner', 10),
  ('position', 'PRACTICE_PARTNER', 'Praxispartner/-in', 'Practice partner', 20),
  ('position', 'MEDICAL_DIRECTOR', 'Ärztliche Leitung (MVZ)', 'Medical director (MVZ)', 30),
  ('position', 'PRACTICE_MANAGER', 'Praxismanager/-in', 'Practice manager', 40),
  ('position', 'DENTIST_EMPLOYED', 'Angestellte/-r Zahnarzt/Zahnärztin', 'Employed dentist', 50),
  ('position', 'PHYSICIAN_EMPLOYED', 'Angestellte/-r Arzt/Ärztin', 'Employed physician', 60),
  ('position', 'ASSISTANT_DENTIST', 'Assistenzzahnarzt/-ärztin', 'Assistant dentist', 70),
  ('position', 'ASSISTANT_PHYSICIAN', 'Weiterbildungsassistent/-in', 'Physician in specialist training', 80),
  ('position', 'CHAIRSIDE_ASSISTANT', 'Stuhlassistenz', 'Chairside assistant', 90),
  ('position', 'PROPHYLAXIS', 'Prophylaxe', 'Prophylaxis', 100),
  ('position', 'RECEPTION', 'Empfang / Rezeption', 'Reception', 110),
  ('position', 'BILLING', 'Abrechnung', 'Billing', 120),
  ('position', 'ADMINISTRATION', 'Verwaltung', 'Administration', 130),
  ('position', 'QUALITY_MANAGEMENT', 'Qualitätsmanagement', 'Quality management', 140),
  ('position', 'HYGIENE_OFFICER', 'Hygienebeauftragte/-r', 'Hygiene officer', 150),
  ('position', 'PRACTICE_LAB', 'Praxislabor', 'In-house laboratory', 160),
  ('position', 'IT_ADMINISTRATION', 'IT-Betreuung', 'IT administration', 170),
  ('position', 'APPRENTICE', 'Auszubildende/-r', 'Apprentice', 180),
  ('position', 'OTHER', 'Sonstige Position', 'Other position', 190);
--> statement-breakpoint
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('professions', 'DENTIST', 'Zahnarzt/Zahnärztin', 'Dentist', 10),
  ('professions', 'ORTHODONTIST', 'Kieferorthopäde/-in', 'Orthodontist', 20),
  ('professions', 'ORAL_SURGEON', 'Oralchirurg/-in', 'Oral surgeon', 30),
  ('professions', 'MAXILLOFACIAL_SURGEON', 'Mund-, Kiefer- und Gesichtschirurg/-in', 'Oral and maxillofacial surgeon', 40),
  ('professions', 'PERIODONTIST', 'Parodontologe/-in', 'Periodontist', 50),
  ('professions', 'DENTAL_ASSISTANT', 'Zahnmedizinische/-r Fachangestellte/-r (ZFA)', 'Dental assistant (ZFA)', 60),
  ('professions', 'DENTAL_PROPHYLAXIS_ASSISTANT', 'Zahnmedizinische/-r Prophylaxeassistent/-in (ZMP)', 'Dental prophylaxis assistant (ZMP)', 70),
  ('professions', 'DENTAL_SPECIALIST_ASSISTANT', 'Zahnmedizinische/-r Fachassistent/-in (ZMF)', 'Dental specialist assistant (ZMF)', 80),
  ('professions', 'DENTAL_HYGIENIST', 'Dentalhygieniker/-in (DH)', 'Dental hygienist (DH)', 90),
  ('professions', 'DENTAL_ADMINISTRATION_ASSISTANT', 'Zahnmedizinische/-r Verwaltungsassistent/-in (ZMV)', 'Dental administration assistant (ZMV)', 100),
  ('professions', 'DENTAL_TECHNICIAN', 'Zahntechniker/-in', 'Dental technician', 110),
  ('professions', 'GENERAL_PRACTITIONER', 'Facharzt/-ärztin für Allgemeinmedizin', 'General practitioner', 120),
  ('professions', 'INTERNIST', 'Internist/-in', 'Internist', 130),
  ('professions', 'PAEDIATRICIAN', 'Kinder- und Jugendarzt/-ärztin', 'Paediatrician', 140),
  ('professions', 'GYNAECOLOGIST', 'Frauenarzt/-ärztin', 'Gynaecologist', 150),
  ('professions', 'DERMATOLOGIST', 'Hautarzt/-ärztin', 'Dermatologist', 160),
  ('professions', 'ORTHOPAEDIST', 'Orthopäde/-in', 'Orthopaedist', 170),
  ('professions', 'OPHTHALMOLOGIST', 'Augenarzt/-ärztin', 'Ophthalmologist', 180),
  ('professions', 'ENT_PHYSICIAN', 'HNO-Arzt/-Ärztin', 'ENT physician', 190),
  ('professions', 'PHYSICIAN_OTHER', 'Arzt/Ärztin anderer Fachrichtung', 'Physician of another speciality', 200),
  ('professions', 'MEDICAL_ASSISTANT', 'Medizinische/-r Fachangestellte/-r (MFA)', 'Medical assistant (MFA)', 210),
  ('professions', 'NON_PHYSICIAN_PRACTICE_ASSISTANT', 'Nichtärztliche/-r Praxisassistent/-in (NäPa)', 'Non-physician practice assistant (NäPa)', 220),
  ('professions', 'BUSINESS_ADMINISTRATOR', 'Kaufmännische/-r Angestellte/-r', 'Business administrator', 230),
  ('professions', 'OTHER', 'Sonstiger Beruf', 'Other profession', 240);
--> statement-breakpoint
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('newsletterDistributor', 'PRODUCT_NEWS', 'Produktneuheiten', 'Product news', 10),
  ('newsletterDistributor', 'EVENTS_TRAINING', 'Veranstaltungen und Fortbildungen', 'Events and training', 20),
  ('newsletterDistributor', 'PRACTICE_MANAGEMENT_TIPS', 'Tipps für die Praxisführung', 'Practice management tips', 30),
  ('newsletterDistributor', 'OFFERS', 'Angebote und Aktionen', 'Offers and promotions', 40),
  ('newsletterDistributor', 'SERVICE_NOTICES', 'Service- und Wartungshinweise', 'Service and maintenance notices', 50),
  ('newsletterDistributor', 'CUSTOMER_MAGAZINE', 'Kundenmagazin', 'Customer magazine', 60);
--> statement-breakpoint
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('newsletterInterests', 'PROPHYLAXIS', 'Prophylaxe', 'Prophylaxis', 10),
  ('newsletterInterests', 'IMPLANTOLOGY', 'Implantologie', 'Implantology', 20),
  ('newsletterInterests', 'ENDODONTICS', 'Endodontie', 'Endodontics', 30),
  ('newsletterInterests', 'PERIODONTOLOGY', 'Parodontologie', 'Periodontology', 40),
  ('newsletterInterests', 'ORTHODONTICS', 'Kieferorthopädie', 'Orthodontics', 50),
  ('newsletterInterests', 'PROSTHODONTICS', 'Zahnersatz und Prothetik', 'Prosthodontics', 60),
  ('newsletterInterests', 'DIGITAL_PRACTICE', 'Digitale Praxis (Intraoralscanner, CAD/CAM, Röntgen)', 'Digital practice (intraoral scanners, CAD/CAM, X-ray)', 70),
  ('newsletterInterests', 'TELEMATICS', 'Telematikinfrastruktur (TI) und E-Health', 'Telematics infrastructure (TI) and e-health', 80),
  ('newsletterInterests', 'BILLING', 'Abrechnung (GOZ, BEMA, GOÄ, EBM)', 'Billing (GOZ, BEMA, GOÄ, EBM)', 90),
  ('newsletterInterests', 'HYGIENE', 'Hygiene und Medizinprodukteaufbereitung', 'Hygiene and reprocessing of medical devices', 100),
  ('newsletterInterests', 'QUALITY_MANAGEMENT', 'Qualitätsmanagement', 'Quality management', 110),
  ('newsletterInterests', 'PRACTICE_MANAGEMENT', 'Praxismanagement und Personalführung', 'Practice management and leadership', 120),
  ('newsletterInterests', 'DATA_PROTECTION', 'Datenschutz und IT-Sicherheit', 'Data protection and IT security', 130),
  ('newsletterInterests', 'PREVENTION', 'Vorsorge und Prävention', 'Preventive care', 140),
  ('newsletterInterests', 'TRAINING', 'Fort- und Weiterbildung', 'Training and continuing education', 150);
--> statement-breakpoint
INSERT INTO "picklist_values" ("list", "code", "label_de", "label_en", "sort_order") VALUES
  ('otherIndustries', 'DENTAL_LAB', 'Dentallabor', 'Dental laboratory', 10),
  ('otherIndustries', 'PHARMACY', 'Apotheke', 'Pharmacy', 20),
  ('otherIndustries', 'DENTAL_TRADE', 'Dentalfachhandel', 'Dental supply trade', 30),
  ('otherIndustries', 'MEDICAL_SUPPLY_TRADE', 'Medizinischer Fachhandel', 'Medical supply trade', 40),
  ('otherIndustries', 'MANUFACTURER', 'Hersteller von Dental- und Medizinprodukten', 'Dental and medical device manufacturer', 50),
  ('otherIndustries', 'HEALTH_INSURANCE', 'Krankenkasse / Krankenversicherung', 'Health insurance', 60),
  ('otherIndustries', 'HOSPITAL', 'Krankenhaus / Klinik', 'Hospital', 70),
  ('otherIndustries', 'UNIVERSITY_CLINIC', 'Universität / Universitätsklinikum', 'University / university hospital', 80),
  ('otherIndustries', 'PROFESSIONAL_BODY', 'Kammer oder Verband (z. B. Zahnärztekammer, KZV, KV)', 'Professional body or association', 90),
  ('otherIndustries', 'BILLING_SERVICE', 'Abrechnungsdienstleister', 'Billing service provider', 100),
  ('otherIndustries', 'SOFTWARE_IT', 'Praxissoftware und IT-Dienstleistung', 'Practice software and IT services', 110),
  ('otherIndustries', 'TAX_ADVISORY', 'Steuerberatung', 'Tax advisory', 120),
  ('otherIndustries', 'OTHER', 'Sonstige Branche', 'Other industry', 130);
--> statement-breakpoint
-- Local parts of shared mailboxes that must not become a personal sign-in (PRODUCT §3).
INSERT INTO "prohibited_aliases" ("alias") VALUES
  ('abrechnung'), ('abuse'), ('admin'), ('anmeldung'), ('buchhaltung'), ('empfang'),
  ('hostmaster'), ('info'), ('kontakt'), ('mail'), ('no-reply'), ('noreply'), ('office'),
  ('post'), ('postmaster'), ('praxis'), ('rechnung'), ('rezeption'), ('service'), ('support'),
  ('team'), ('termin'), ('termine'), ('verwaltung'), ('webmaster');
