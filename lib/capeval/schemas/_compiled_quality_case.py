# Generated from quality-case.json by capeval.schemas.build; do not edit.
# source-sha256: d1d8c5a9fe1f871778f119ce1d69cb4db499069d49a8cfc4f100ab6ed374b593


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$': re.compile('^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_quality_case_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/quality-case-v1.json', 'title': 'Quality case', 'description': 'One domain semantic-quality case. A non-synthetic case must name dataset_consent_ref or governance_ref (checked as consent.missing). A gold case carries the known scores (and flags) it should get; it calibrates reviewers and never enters verdicts or the gate. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'profile', 'domain', 'synthetic', 'scenario', 'input_summary', 'candidate_output', 'criteria', 'expected_quality_notes', 'privacy_labels'], 'properties': {'case_id': {'type': 'string', 'minLength': 1, 'maxLength': 200}, 'profile': {'type': 'string', 'minLength': 1}, 'domain': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scenario': {'type': 'string'}, 'input_summary': {'type': 'string'}, 'candidate_output': {'type': 'string'}, 'criteria': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'expected_quality_notes': {'type': 'string'}, 'privacy_labels': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'dataset_consent_ref': {'type': 'string', 'minLength': 1}, 'governance_ref': {'type': 'string', 'minLength': 1}, 'evidence_refs': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_hash': {'type': 'string', 'minLength': 1}, 'provenance_ref': {'type': 'string', 'minLength': 1}, 'output_lang': {'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, 'gold': {'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'profile', 'domain', 'synthetic', 'scenario', 'input_summary', 'candidate_output', 'criteria', 'expected_quality_notes', 'privacy_labels']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/quality-case-v1.json', 'title': 'Quality case', 'description': 'One domain semantic-quality case. A non-synthetic case must name dataset_consent_ref or governance_ref (checked as consent.missing). A gold case carries the known scores (and flags) it should get; it calibrates reviewers and never enters verdicts or the gate. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'profile', 'domain', 'synthetic', 'scenario', 'input_summary', 'candidate_output', 'criteria', 'expected_quality_notes', 'privacy_labels'], 'properties': {'case_id': {'type': 'string', 'minLength': 1, 'maxLength': 200}, 'profile': {'type': 'string', 'minLength': 1}, 'domain': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scenario': {'type': 'string'}, 'input_summary': {'type': 'string'}, 'candidate_output': {'type': 'string'}, 'criteria': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'expected_quality_notes': {'type': 'string'}, 'privacy_labels': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'dataset_consent_ref': {'type': 'string', 'minLength': 1}, 'governance_ref': {'type': 'string', 'minLength': 1}, 'evidence_refs': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_hash': {'type': 'string', 'minLength': 1}, 'provenance_ref': {'type': 'string', 'minLength': 1}, 'output_lang': {'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, 'gold': {'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "case_id" in data_keys:
            data_keys.remove("case_id")
            data__caseid = data["case_id"]
            if not isinstance(data__caseid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be string", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1, 'maxLength': 200}, rule='type')
            if isinstance(data__caseid, str):
                data__caseid_len = len(data__caseid)
                if data__caseid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be longer than or equal to 1 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1, 'maxLength': 200}, rule='minLength')
                if data__caseid_len > 200:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be shorter than or equal to 200 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1, 'maxLength': 200}, rule='maxLength')
        if "profile" in data_keys:
            data_keys.remove("profile")
            data__profile = data["profile"]
            if not isinstance(data__profile, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".profile must be string", value=data__profile, name="" + (name_prefix or "data") + ".profile", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__profile, str):
                data__profile_len = len(data__profile)
                if data__profile_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".profile must be longer than or equal to 1 characters", value=data__profile, name="" + (name_prefix or "data") + ".profile", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "domain" in data_keys:
            data_keys.remove("domain")
            data__domain = data["domain"]
            if not isinstance(data__domain, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".domain must be string", value=data__domain, name="" + (name_prefix or "data") + ".domain", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__domain, str):
                data__domain_len = len(data__domain)
                if data__domain_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".domain must be longer than or equal to 1 characters", value=data__domain, name="" + (name_prefix or "data") + ".domain", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "synthetic" in data_keys:
            data_keys.remove("synthetic")
            data__synthetic = data["synthetic"]
            if not isinstance(data__synthetic, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".synthetic must be boolean", value=data__synthetic, name="" + (name_prefix or "data") + ".synthetic", definition={'type': 'boolean'}, rule='type')
        if "scenario" in data_keys:
            data_keys.remove("scenario")
            data__scenario = data["scenario"]
            if not isinstance(data__scenario, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".scenario must be string", value=data__scenario, name="" + (name_prefix or "data") + ".scenario", definition={'type': 'string'}, rule='type')
        if "input_summary" in data_keys:
            data_keys.remove("input_summary")
            data__inputsummary = data["input_summary"]
            if not isinstance(data__inputsummary, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".input_summary must be string", value=data__inputsummary, name="" + (name_prefix or "data") + ".input_summary", definition={'type': 'string'}, rule='type')
        if "candidate_output" in data_keys:
            data_keys.remove("candidate_output")
            data__candidateoutput = data["candidate_output"]
            if not isinstance(data__candidateoutput, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".candidate_output must be string", value=data__candidateoutput, name="" + (name_prefix or "data") + ".candidate_output", definition={'type': 'string'}, rule='type')
        if "criteria" in data_keys:
            data_keys.remove("criteria")
            data__criteria = data["criteria"]
            if not isinstance(data__criteria, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".criteria must be array", value=data__criteria, name="" + (name_prefix or "data") + ".criteria", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__criteria_is_list = isinstance(data__criteria, (list, tuple))
            if data__criteria_is_list:
                data__criteria_len = len(data__criteria)
                if data__criteria_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".criteria must contain at least 1 items", value=data__criteria, name="" + (name_prefix or "data") + ".criteria", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='minItems')
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                if data__criteria_len > len(set(fn(data__criteria_x) for data__criteria_x in data__criteria)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".criteria must contain unique items", value=data__criteria, name="" + (name_prefix or "data") + ".criteria", definition={'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__criteria_x, data__criteria_item in enumerate(data__criteria):
                    if not isinstance(data__criteria_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".criteria[{data__criteria_x}]" + " must be string", value=data__criteria_item, name="" + (name_prefix or "data") + f".criteria[{data__criteria_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__criteria_item, str):
                        data__criteria_item_len = len(data__criteria_item)
                        if data__criteria_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".criteria[{data__criteria_x}]" + " must be longer than or equal to 1 characters", value=data__criteria_item, name="" + (name_prefix or "data") + f".criteria[{data__criteria_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "expected_quality_notes" in data_keys:
            data_keys.remove("expected_quality_notes")
            data__expectedqualitynotes = data["expected_quality_notes"]
            if not isinstance(data__expectedqualitynotes, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".expected_quality_notes must be string", value=data__expectedqualitynotes, name="" + (name_prefix or "data") + ".expected_quality_notes", definition={'type': 'string'}, rule='type')
        if "privacy_labels" in data_keys:
            data_keys.remove("privacy_labels")
            data__privacylabels = data["privacy_labels"]
            if not isinstance(data__privacylabels, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".privacy_labels must be array", value=data__privacylabels, name="" + (name_prefix or "data") + ".privacy_labels", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__privacylabels_is_list = isinstance(data__privacylabels, (list, tuple))
            if data__privacylabels_is_list:
                data__privacylabels_len = len(data__privacylabels)
                for data__privacylabels_x, data__privacylabels_item in enumerate(data__privacylabels):
                    if not isinstance(data__privacylabels_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".privacy_labels[{data__privacylabels_x}]" + " must be string", value=data__privacylabels_item, name="" + (name_prefix or "data") + f".privacy_labels[{data__privacylabels_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__privacylabels_item, str):
                        data__privacylabels_item_len = len(data__privacylabels_item)
                        if data__privacylabels_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".privacy_labels[{data__privacylabels_x}]" + " must be longer than or equal to 1 characters", value=data__privacylabels_item, name="" + (name_prefix or "data") + f".privacy_labels[{data__privacylabels_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "dataset_consent_ref" in data_keys:
            data_keys.remove("dataset_consent_ref")
            data__datasetconsentref = data["dataset_consent_ref"]
            if not isinstance(data__datasetconsentref, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".dataset_consent_ref must be string", value=data__datasetconsentref, name="" + (name_prefix or "data") + ".dataset_consent_ref", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__datasetconsentref, str):
                data__datasetconsentref_len = len(data__datasetconsentref)
                if data__datasetconsentref_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".dataset_consent_ref must be longer than or equal to 1 characters", value=data__datasetconsentref, name="" + (name_prefix or "data") + ".dataset_consent_ref", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "governance_ref" in data_keys:
            data_keys.remove("governance_ref")
            data__governanceref = data["governance_ref"]
            if not isinstance(data__governanceref, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".governance_ref must be string", value=data__governanceref, name="" + (name_prefix or "data") + ".governance_ref", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__governanceref, str):
                data__governanceref_len = len(data__governanceref)
                if data__governanceref_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".governance_ref must be longer than or equal to 1 characters", value=data__governanceref, name="" + (name_prefix or "data") + ".governance_ref", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "evidence_refs" in data_keys:
            data_keys.remove("evidence_refs")
            data__evidencerefs = data["evidence_refs"]
            if not isinstance(data__evidencerefs, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".evidence_refs must be array", value=data__evidencerefs, name="" + (name_prefix or "data") + ".evidence_refs", definition={'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__evidencerefs_is_list = isinstance(data__evidencerefs, (list, tuple))
            if data__evidencerefs_is_list:
                data__evidencerefs_len = len(data__evidencerefs)
                for data__evidencerefs_x, data__evidencerefs_item in enumerate(data__evidencerefs):
                    if not isinstance(data__evidencerefs_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".evidence_refs[{data__evidencerefs_x}]" + " must be string", value=data__evidencerefs_item, name="" + (name_prefix or "data") + f".evidence_refs[{data__evidencerefs_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__evidencerefs_item, str):
                        data__evidencerefs_item_len = len(data__evidencerefs_item)
                        if data__evidencerefs_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".evidence_refs[{data__evidencerefs_x}]" + " must be longer than or equal to 1 characters", value=data__evidencerefs_item, name="" + (name_prefix or "data") + f".evidence_refs[{data__evidencerefs_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "source_hash" in data_keys:
            data_keys.remove("source_hash")
            data__sourcehash = data["source_hash"]
            if not isinstance(data__sourcehash, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_hash must be string", value=data__sourcehash, name="" + (name_prefix or "data") + ".source_hash", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__sourcehash, str):
                data__sourcehash_len = len(data__sourcehash)
                if data__sourcehash_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".source_hash must be longer than or equal to 1 characters", value=data__sourcehash, name="" + (name_prefix or "data") + ".source_hash", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "provenance_ref" in data_keys:
            data_keys.remove("provenance_ref")
            data__provenanceref = data["provenance_ref"]
            if not isinstance(data__provenanceref, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".provenance_ref must be string", value=data__provenanceref, name="" + (name_prefix or "data") + ".provenance_ref", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__provenanceref, str):
                data__provenanceref_len = len(data__provenanceref)
                if data__provenanceref_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".provenance_ref must be longer than or equal to 1 characters", value=data__provenanceref, name="" + (name_prefix or "data") + ".provenance_ref", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "output_lang" in data_keys:
            data_keys.remove("output_lang")
            data__outputlang = data["output_lang"]
            if not isinstance(data__outputlang, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".output_lang must be string", value=data__outputlang, name="" + (name_prefix or "data") + ".output_lang", definition={'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, rule='type')
            if isinstance(data__outputlang, str):
                data__outputlang_len = len(data__outputlang)
                if data__outputlang_len > 35:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".output_lang must be shorter than or equal to 35 characters", value=data__outputlang, name="" + (name_prefix or "data") + ".output_lang", definition={'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, rule='maxLength')
                if not REGEX_PATTERNS_validate['^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$'].search(data__outputlang):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".output_lang must match pattern ^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$", value=data__outputlang, name="" + (name_prefix or "data") + ".output_lang", definition={'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, rule='pattern')
        if "gold" in data_keys:
            data_keys.remove("gold")
            data__gold = data["gold"]
            if not isinstance(data__gold, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold must be object", value=data__gold, name="" + (name_prefix or "data") + ".gold", definition={'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, rule='type')
            data__gold_is_dict = isinstance(data__gold, dict)
            if data__gold_is_dict:
                data__gold__missing_keys = set(['scores']) - data__gold.keys()
                if data__gold__missing_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold must contain " + (str(sorted(data__gold__missing_keys)) + " properties"), value=data__gold, name="" + (name_prefix or "data") + ".gold", definition={'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, rule='required')
                data__gold_keys = set(data__gold.keys())
                if "scores" in data__gold_keys:
                    data__gold_keys.remove("scores")
                    data__gold__scores = data__gold["scores"]
                    if not isinstance(data__gold__scores, (dict)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold.scores must be object", value=data__gold__scores, name="" + (name_prefix or "data") + ".gold.scores", definition={'type': 'object', 'additionalProperties': {'type': 'integer'}}, rule='type')
                    data__gold__scores_is_dict = isinstance(data__gold__scores, dict)
                    if data__gold__scores_is_dict:
                        data__gold__scores_keys = set(data__gold__scores.keys())
                        for data__gold__scores_key in data__gold__scores_keys:
                            if data__gold__scores_key not in []:
                                data__gold__scores_value = data__gold__scores.get(data__gold__scores_key)
                                if not isinstance(data__gold__scores_value, (int)) or isinstance(data__gold__scores_value, bool):
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".gold.scores.{data__gold__scores_key}" + " must be integer", value=data__gold__scores_value, name="" + (name_prefix or "data") + f".gold.scores.{data__gold__scores_key}" + "", definition={'type': 'integer'}, rule='type')
                if "blocking_flags" in data__gold_keys:
                    data__gold_keys.remove("blocking_flags")
                    data__gold__blockingflags = data__gold["blocking_flags"]
                    if not isinstance(data__gold__blockingflags, (list, tuple)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold.blocking_flags must be array", value=data__gold__blockingflags, name="" + (name_prefix or "data") + ".gold.blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
                    data__gold__blockingflags_is_list = isinstance(data__gold__blockingflags, (list, tuple))
                    if data__gold__blockingflags_is_list:
                        def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                        data__gold__blockingflags_len = len(data__gold__blockingflags)
                        if data__gold__blockingflags_len > len(set(fn(data__gold__blockingflags_x) for data__gold__blockingflags_x in data__gold__blockingflags)):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold.blocking_flags must contain unique items", value=data__gold__blockingflags, name="" + (name_prefix or "data") + ".gold.blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                        for data__gold__blockingflags_x, data__gold__blockingflags_item in enumerate(data__gold__blockingflags):
                            if not isinstance(data__gold__blockingflags_item, (str)):
                                raise JsonSchemaValueException("" + (name_prefix or "data") + f".gold.blocking_flags[{data__gold__blockingflags_x}]" + " must be string", value=data__gold__blockingflags_item, name="" + (name_prefix or "data") + f".gold.blocking_flags[{data__gold__blockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                            if isinstance(data__gold__blockingflags_item, str):
                                data__gold__blockingflags_item_len = len(data__gold__blockingflags_item)
                                if data__gold__blockingflags_item_len < 1:
                                    raise JsonSchemaValueException("" + (name_prefix or "data") + f".gold.blocking_flags[{data__gold__blockingflags_x}]" + " must be longer than or equal to 1 characters", value=data__gold__blockingflags_item, name="" + (name_prefix or "data") + f".gold.blocking_flags[{data__gold__blockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
                if data__gold_keys:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".gold must not contain "+str(data__gold_keys)+" properties", value=data__gold, name="" + (name_prefix or "data") + ".gold", definition={'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}, rule='additionalProperties')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/quality-case-v1.json', 'title': 'Quality case', 'description': 'One domain semantic-quality case. A non-synthetic case must name dataset_consent_ref or governance_ref (checked as consent.missing). A gold case carries the known scores (and flags) it should get; it calibrates reviewers and never enters verdicts or the gate. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'profile', 'domain', 'synthetic', 'scenario', 'input_summary', 'candidate_output', 'criteria', 'expected_quality_notes', 'privacy_labels'], 'properties': {'case_id': {'type': 'string', 'minLength': 1, 'maxLength': 200}, 'profile': {'type': 'string', 'minLength': 1}, 'domain': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scenario': {'type': 'string'}, 'input_summary': {'type': 'string'}, 'candidate_output': {'type': 'string'}, 'criteria': {'type': 'array', 'minItems': 1, 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'expected_quality_notes': {'type': 'string'}, 'privacy_labels': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'dataset_consent_ref': {'type': 'string', 'minLength': 1}, 'governance_ref': {'type': 'string', 'minLength': 1}, 'evidence_refs': {'type': 'array', 'items': {'type': 'string', 'minLength': 1}}, 'source_hash': {'type': 'string', 'minLength': 1}, 'provenance_ref': {'type': 'string', 'minLength': 1}, 'output_lang': {'type': 'string', 'maxLength': 35, 'pattern': '^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$', 'description': 'BCP 47 language tag of candidate_output (shown to reviewers with it, so it is read and spoken in its language)'}, 'gold': {'type': 'object', 'required': ['scores'], 'properties': {'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}}, 'additionalProperties': False}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_quality_case_v1_json
