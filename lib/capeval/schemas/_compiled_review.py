# Generated from review.json by capeval.schemas.build; do not edit.
# source-sha256: 73e55e563ec26197c2c3ef23f8f88ab15f7a93f8253a323453b46cd6ff4bf441


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^sha256:[0-9a-f]{64}$': re.compile('^sha256:[0-9a-f]{64}\\Z'),
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_review_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/review-v1.json', 'title': 'Review', 'description': "One reviewer's scores for one quality case. The score range, the criteria and the blocking flags are checked against the configuration (review.score_range, review.criterion_unknown, review.flag_unknown). case_sha256 (optional, written by cap-review-form) is the hash of the case content the scores were given against; cap-validate --cases reports review.stale when the case has changed since. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'reviewer_id', 'reviewer_role', 'synthetic', 'scores', 'blocking_flags'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'reviewer_id': {'type': 'string', 'minLength': 1}, 'reviewer_role': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'reviewer_id', 'reviewer_role', 'synthetic', 'scores', 'blocking_flags']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/review-v1.json', 'title': 'Review', 'description': "One reviewer's scores for one quality case. The score range, the criteria and the blocking flags are checked against the configuration (review.score_range, review.criterion_unknown, review.flag_unknown). case_sha256 (optional, written by cap-review-form) is the hash of the case content the scores were given against; cap-validate --cases reports review.stale when the case has changed since. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'reviewer_id', 'reviewer_role', 'synthetic', 'scores', 'blocking_flags'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'reviewer_id': {'type': 'string', 'minLength': 1}, 'reviewer_role': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
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
        if "reviewer_id" in data_keys:
            data_keys.remove("reviewer_id")
            data__reviewerid = data["reviewer_id"]
            if not isinstance(data__reviewerid, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_id must be string", value=data__reviewerid, name="" + (name_prefix or "data") + ".reviewer_id", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__reviewerid, str):
                data__reviewerid_len = len(data__reviewerid)
                if data__reviewerid_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_id must be longer than or equal to 1 characters", value=data__reviewerid, name="" + (name_prefix or "data") + ".reviewer_id", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "reviewer_role" in data_keys:
            data_keys.remove("reviewer_role")
            data__reviewerrole = data["reviewer_role"]
            if not isinstance(data__reviewerrole, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_role must be string", value=data__reviewerrole, name="" + (name_prefix or "data") + ".reviewer_role", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__reviewerrole, str):
                data__reviewerrole_len = len(data__reviewerrole)
                if data__reviewerrole_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".reviewer_role must be longer than or equal to 1 characters", value=data__reviewerrole, name="" + (name_prefix or "data") + ".reviewer_role", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "synthetic" in data_keys:
            data_keys.remove("synthetic")
            data__synthetic = data["synthetic"]
            if not isinstance(data__synthetic, (bool)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".synthetic must be boolean", value=data__synthetic, name="" + (name_prefix or "data") + ".synthetic", definition={'type': 'boolean'}, rule='type')
        if "scores" in data_keys:
            data_keys.remove("scores")
            data__scores = data["scores"]
            if not isinstance(data__scores, (dict)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".scores must be object", value=data__scores, name="" + (name_prefix or "data") + ".scores", definition={'type': 'object', 'additionalProperties': {'type': 'integer'}}, rule='type')
            data__scores_is_dict = isinstance(data__scores, dict)
            if data__scores_is_dict:
                data__scores_keys = set(data__scores.keys())
                for data__scores_key in data__scores_keys:
                    if data__scores_key not in []:
                        data__scores_value = data__scores.get(data__scores_key)
                        if not isinstance(data__scores_value, (int)) or isinstance(data__scores_value, bool):
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".scores.{data__scores_key}" + " must be integer", value=data__scores_value, name="" + (name_prefix or "data") + f".scores.{data__scores_key}" + "", definition={'type': 'integer'}, rule='type')
        if "blocking_flags" in data_keys:
            data_keys.remove("blocking_flags")
            data__blockingflags = data["blocking_flags"]
            if not isinstance(data__blockingflags, (list, tuple)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".blocking_flags must be array", value=data__blockingflags, name="" + (name_prefix or "data") + ".blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='type')
            data__blockingflags_is_list = isinstance(data__blockingflags, (list, tuple))
            if data__blockingflags_is_list:
                def fn(var): return frozenset(dict((k, fn(v)) for k, v in var.items()).items()) if hasattr(var, "items") else tuple(fn(v) for v in var) if isinstance(var, (dict, list)) else (bool, var) if isinstance(var, bool) else var
                data__blockingflags_len = len(data__blockingflags)
                if data__blockingflags_len > len(set(fn(data__blockingflags_x) for data__blockingflags_x in data__blockingflags)):
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".blocking_flags must contain unique items", value=data__blockingflags, name="" + (name_prefix or "data") + ".blocking_flags", definition={'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, rule='uniqueItems')
                for data__blockingflags_x, data__blockingflags_item in enumerate(data__blockingflags):
                    if not isinstance(data__blockingflags_item, (str)):
                        raise JsonSchemaValueException("" + (name_prefix or "data") + f".blocking_flags[{data__blockingflags_x}]" + " must be string", value=data__blockingflags_item, name="" + (name_prefix or "data") + f".blocking_flags[{data__blockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='type')
                    if isinstance(data__blockingflags_item, str):
                        data__blockingflags_item_len = len(data__blockingflags_item)
                        if data__blockingflags_item_len < 1:
                            raise JsonSchemaValueException("" + (name_prefix or "data") + f".blocking_flags[{data__blockingflags_x}]" + " must be longer than or equal to 1 characters", value=data__blockingflags_item, name="" + (name_prefix or "data") + f".blocking_flags[{data__blockingflags_x}]" + "", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        if "notes" in data_keys:
            data_keys.remove("notes")
            data__notes = data["notes"]
            if not isinstance(data__notes, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".notes must be string", value=data__notes, name="" + (name_prefix or "data") + ".notes", definition={'type': 'string'}, rule='type')
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
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/review-v1.json', 'title': 'Review', 'description': "One reviewer's scores for one quality case. The score range, the criteria and the blocking flags are checked against the configuration (review.score_range, review.criterion_unknown, review.flag_unknown). case_sha256 (optional, written by cap-review-form) is the hash of the case content the scores were given against; cap-validate --cases reports review.stale when the case has changed since. Keys starting with x- are the extension point.", 'type': 'object', 'required': ['case_id', 'reviewer_id', 'reviewer_role', 'synthetic', 'scores', 'blocking_flags'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'reviewer_id': {'type': 'string', 'minLength': 1}, 'reviewer_role': {'type': 'string', 'minLength': 1}, 'synthetic': {'type': 'boolean'}, 'scores': {'type': 'object', 'additionalProperties': {'type': 'integer'}}, 'blocking_flags': {'type': 'array', 'uniqueItems': True, 'items': {'type': 'string', 'minLength': 1}}, 'notes': {'type': 'string'}, 'case_sha256': {'type': 'string', 'pattern': '^sha256:[0-9a-f]{64}$'}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_review_v1_json
