# Generated from adjudication.json by capeval.schemas.build; do not edit.
# source-sha256: 8a388c22697ad7a04be9133c66782dee01bf695d0d6de862b9a36fa3406ae2cb


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '\\S': re.compile('\\S'),
    '^sha256:[0-9a-f]{64}$': re.compile('^sha256:[0-9a-f]{64}\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_adjudication_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/adjudication-v1.json', 'title': 'Adjudication', 'description': "An adjudicator's decision on one quality case (criterion absent) or one of its criteria: it resolves a disagreement or a too-few-reviewers hold with decision pass or needs_revision. It clears a blocking flag only when the flag is listed in override_blocking_flags. cap-aggregate-scores --adjudications applies it when the adjudicator is in the roster and not conflicted with the case. case_sha256 is the hash of the case content decided on (adjudication.stale when it changed). Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'adjudicator_id', 'synthetic', 'decision', 'rationale'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'criterion': {'type': 'string', 'minLength': 1}, 'adjudicator_id': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'decision': {'enum': ['pass', 'needs_revision']}, 'rationale': {'type': 'string', 'pattern': '\\S'}, 'override_blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'adjudicator_id', 'synthetic', 'decision', 'rationale']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/adjudication-v1.json', 'title': 'Adjudication', 'description': "An adjudicator's decision on one quality case (criterion absent) or one of its criteria: it resolves a disagreement or a too-few-reviewers hold with decision pass or needs_revision. It clears a blocking flag only when the flag is listed in override_blocking_flags. cap-aggregate-scores --adjudications applies it when the adjudicator is in the roster and not conflicted with the case. case_sha256 is the hash of the case content decided on (adjudication.stale when it changed). Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'adjudicator_id', 'synthetic', 'decision', 'rationale'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'criterion': {'type': 'string', 'minLength': 1}, 'adjudicator_id': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'decision': {'enum': ['pass', 'needs_revision']}, 'rationale': {'type': 'string', 'pattern': '\\S'}, 'override_blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
        data_keys = set(data.keys())
        if "case_id" in data_keys:
            data_keys.remove("case_id")
            data__caseid = data["case_id"]
            if not isinstance(data__caseid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be string", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__caseid, str):
                data__caseid_len = len(data__caseid)
                if data__caseid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_id must be longer than or equal to 1 characters", value=data__caseid, name="" + (name_prefix or "data") + ".case_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "criterion" in data_keys:
            data_keys.remove("criterion")
            data__criterion = data["criterion"]
            if not isinstance(data__criterion, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".criterion must be string", value=data__criterion, name="" + (name_prefix or "data") + ".criterion", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__criterion, str):
                data__criterion_len = len(data__criterion)
                if data__criterion_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".criterion must be longer than or equal to 1 characters", value=data__criterion, name="" + (name_prefix or "data") + ".criterion", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "adjudicator_id" in data_keys:
            data_keys.remove("adjudicator_id")
            data__adjudicatorid = data["adjudicator_id"]
            if not isinstance(data__adjudicatorid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".adjudicator_id must be string", value=data__adjudicatorid, name="" + (name_prefix or "data") + ".adjudicator_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__adjudicatorid, str):
                data__adjudicatorid_len = len(data__adjudicatorid)
                if data__adjudicatorid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".adjudicator_id must be longer than or equal to 1 characters", value=data__adjudicatorid, name="" + (name_prefix or "data") + ".adjudicator_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "synthetic" in data_keys:
            data_keys.remove("synthetic")
            data__synthetic = data["synthetic"]
            if not isinstance(data__synthetic, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".synthetic must be boolean", value=data__synthetic, name="" + (name_prefix or "data") + ".synthetic", definition={'type': 'boolean'}, rule='type')
        if "decision" in data_keys:
            data_keys.remove("decision")
            data__decision = data["decision"]
            if not (isinstance(data__decision, str) and data__decision == 'pass' or isinstance(data__decision, str) and data__decision == 'needs_revision'):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".decision must be one of ['pass', 'needs_revision']", value=data__decision, name="" + (name_prefix or "data") + ".decision", definition={'enum': ['pass', 'needs_revision']}, rule='enum')
        if "rationale" in data_keys:
            data_keys.remove("rationale")
            data__rationale = data["rationale"]
            if not isinstance(data__rationale, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".rationale must be string", value=data__rationale, name="" + (name_prefix or "data") + ".rationale", definition={'type': 'string', 'pattern': '\\S'}, rule='type')
            if isinstance(data__rationale, str):
                if not REGEX_PATTERNS_validate['\\S'].search(data__rationale):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".rationale must match pattern \\S", value=data__rationale, name="" + (name_prefix or "data") + ".rationale", definition={'type': 'string', 'pattern': '\\S'}, rule='pattern')
        if "override_blocking_flags" in data_keys:
            data_keys.remove("override_blocking_flags")
            data__overrideblockingflags = data["override_blocking_flags"]
            if not isinstance(data__overrideblockingflags, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".override_blocking_flags must be array", value=data__overrideblockingflags, name="" + (name_prefix or "data") + ".override_blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__overrideblockingflags_is_list = isinstance(data__overrideblockingflags, (list, tuple))
            if data__overrideblockingflags_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__overrideblockingflags_len = len(data__overrideblockingflags)
                if data__overrideblockingflags_len > len(set(fn(data__overrideblockingflags_x) for data__overrideblockingflags_x in data__overrideblockingflags)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".override_blocking_flags must contain unique items", value=data__overrideblockingflags, name="" + (name_prefix or "data") + ".override_blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__overrideblockingflags_x, data__overrideblockingflags_item in enumerate(data__overrideblockingflags):
                    if not isinstance(data__overrideblockingflags_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".override_blocking_flags[{data__overrideblockingflags_x}]" + " must be string", value=data__overrideblockingflags_item, name="" + (name_prefix or "data") + f".override_blocking_flags[{data__overrideblockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__overrideblockingflags_item, str):
                        data__overrideblockingflags_item_len = len(data__overrideblockingflags_item)
                        if data__overrideblockingflags_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".override_blocking_flags[{data__overrideblockingflags_x}]" + " must be longer than or equal to 1 characters", value=data__overrideblockingflags_item, name="" + (name_prefix or "data") + f".override_blocking_flags[{data__overrideblockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "case_sha256" in data_keys:
            data_keys.remove("case_sha256")
            data__casesha256 = data["case_sha256"]
            if not isinstance(data__casesha256, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sha256 must be string", value=data__casesha256, name="" + (name_prefix or "data") + ".case_sha256", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='type')
            if isinstance(data__casesha256, str):
                if not REGEX_PATTERNS_validate['^sha256:[0-9a-f]{64}$'].search(data__casesha256):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".case_sha256 must match pattern ^sha256:[0-9a-f]{64}$", value=data__casesha256, name="" + (name_prefix or "data") + ".case_sha256", definition={'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}, rule='pattern')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/adjudication-v1.json', 'title': 'Adjudication', 'description': "An adjudicator's decision on one quality case (criterion absent) or one of its criteria: it resolves a disagreement or a too-few-reviewers hold with decision pass or needs_revision. It clears a blocking flag only when the flag is listed in override_blocking_flags. cap-aggregate-scores --adjudications applies it when the adjudicator is in the roster and not conflicted with the case. case_sha256 is the hash of the case content decided on (adjudication.stale when it changed). Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'adjudicator_id', 'synthetic', 'decision', 'rationale'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'criterion': {'type': 'string', 'minLength': 1}, 'adjudicator_id': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'decision': {'enum': ['pass', 'needs_revision']}, 'rationale': {'type': 'string', 'pattern': '\\S'}, 'override_blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_adjudication_v1_json
