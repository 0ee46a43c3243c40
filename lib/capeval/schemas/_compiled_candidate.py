# Generated from candidate.json by capeval.schemas.build; do not edit.
# source-sha256: f763084617fa37758c85d695b4023ed6447c793f59ac2d1bddae1ca96c8706a7


def JsonSchemaValueException(*args, **kwargs):
    # fastjsonschema's own exception, imported only when a record fails
    from fastjsonschema import JsonSchemaValueException as exception

    return exception(*args, **kwargs)


VERSION = "2.22.3"
import re


REGEX_PATTERNS_validate = {
    '^x-': re.compile('^x-')
}

NoneType = type(None)

def validate_https___capeval_invalid_schemas_candidate_v1_json(data, custom_formats={}, name_prefix=None):
    if not isinstance(data, (dict)):
        raise JsonSchemaValueException("" + (name_prefix or "data") + " must be object", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/candidate-v1.json', 'title': 'Candidate', 'description': 'One candidate translation for a case. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'text'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'text': {'type': 'string'}, 'raw_response': {'type': ['string', 'null']}, 'system': {'type': 'string', 'minLength': 1}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='type')
    data_is_dict = isinstance(data, dict)
    if data_is_dict:
        data__missing_keys = set(['case_id', 'text']) - data.keys()
        if data__missing_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must contain " + (str(sorted(data__missing_keys)) + " properties"), value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/candidate-v1.json', 'title': 'Candidate', 'description': 'One candidate translation for a case. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'text'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'text': {'type': 'string'}, 'raw_response': {'type': ['string', 'null']}, 'system': {'type': 'string', 'minLength': 1}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='required')
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
        if "text" in data_keys:
            data_keys.remove("text")
            data__text = data["text"]
            if not isinstance(data__text, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".text must be string", value=data__text, name="" + (name_prefix or "data") + ".text", definition={'type': 'string'}, rule='type')
        if "raw_response" in data_keys:
            data_keys.remove("raw_response")
            data__rawresponse = data["raw_response"]
            if not isinstance(data__rawresponse, (str, NoneType)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".raw_response must be string or null", value=data__rawresponse, name="" + (name_prefix or "data") + ".raw_response", definition={'type': ['string', 'null']}, rule='type')
        if "system" in data_keys:
            data_keys.remove("system")
            data__system = data["system"]
            if not isinstance(data__system, (str)):
                raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be string", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='type')
            if isinstance(data__system, str):
                data__system_len = len(data__system)
                if data__system_len < 1:
                    raise JsonSchemaValueException("" + (name_prefix or "data") + ".system must be longer than or equal to 1 characters", value=data__system, name="" + (name_prefix or "data") + ".system", definition={'type': 'string', 'minLength': 1}, rule='minLength')
        for data_key, data_val in data.items():
            if data_key.startswith('x-'):
                if data_key in data_keys:
                    data_keys.remove(data_key)
        if data_keys:
            raise JsonSchemaValueException("" + (name_prefix or "data") + " must not contain "+str(data_keys)+" properties", value=data, name="" + (name_prefix or "data") + "", definition={'$schema': 'http://json-schema.org/draft-07/schema#', '$id': 'https://capeval.invalid/schemas/candidate-v1.json', 'title': 'Candidate', 'description': 'One candidate translation for a case. Keys starting with x- are the extension point.', 'type': 'object', 'required': ['case_id', 'text'], 'properties': {'case_id': {'type': 'string', 'minLength': 1}, 'text': {'type': 'string'}, 'raw_response': {'type': ['string', 'null']}, 'system': {'type': 'string', 'minLength': 1}}, 'patternProperties': {'^x-': {}}, 'additionalProperties': False}, rule='additionalProperties')
    return data

validate = validate_https___capeval_invalid_schemas_candidate_v1_json
